import { useEffect, useId, useRef, useState } from 'react';
import { Button, DateInput, focusLost, TextField } from 'shared';
import { MESSAGING_MESSAGES } from 'shared/lk';

/** What the reader typed: `from`/`to` are ISO dates, '' for none, null while a date is unfinished. */
export interface FilterInput {
  query: string;
  from: string | null;
  to: string | null;
}

export const EMPTY_FILTER: FilterInput = { query: '', from: '', to: '' };

export const isFilterActive = (filter: FilterInput) => Boolean(filter.query.trim() || filter.from || filter.to);

export const periodError = (filter: FilterInput) => (filter.from && filter.to && filter.from > filter.to ? MESSAGING_MESSAGES.periodOrder : undefined);

/** Search in the conversation (text or a file's name) and a period, behind a toggle on every screen. */
export function MessageFilter({ value, onChange }: { value: FilterInput; onChange: (next: FilterInput) => void }) {
  const bodyId = useId();
  const active = isFilterActive(value);
  const [open, setOpen] = useState(active);
  const box = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  // «Сбросить поиск» (here or in the log's empty state) is gone once the filter is: the keyboard's
  // place is the search field, to type another query (the toggle while the panel is closed).
  const wasActive = useRef(active);
  useEffect(() => {
    const reset = wasActive.current && !active;
    wasActive.current = active;
    if (reset && focusLost()) (open ? field.current : box.current?.querySelector('button'))?.focus();
  }, [active, open]);
  return (
    <div ref={box} className="msg-filter">
      <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((v) => !v)}>
        {open ? 'Скрыть поиск' : 'Поиск по переписке'}
        {!open && active && ' · включён'}
      </Button>
      <div id={bodyId} role="search" aria-label="Поиск по переписке" className="msg-filter__body" hidden={!open}>
        <TextField ref={field} type="search" label="Текст или имя файла" autoComplete="off" value={value.query} onChange={(e) => onChange({ ...value, query: e.target.value })} />
        <div className="msg-filter__period">
          <DateInput label="Дата с" value={value.from} onChange={(from) => onChange({ ...value, from })} />
          <DateInput label="Дата по" value={value.to} onChange={(to) => onChange({ ...value, to })} error={periodError(value)} />
        </div>
        {active && (
          <Button variant="secondary" size="sm" onClick={() => onChange(EMPTY_FILTER)}>
            Сбросить поиск
          </Button>
        )}
      </div>
    </div>
  );
}
