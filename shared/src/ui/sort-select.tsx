import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';

export type SortDirection = 'asc' | 'desc';

export interface SortOption<F extends string> {
  field: F;
  direction: SortDirection;
  label: string;
}

export interface SortSelectProps<F extends string> {
  options: readonly SortOption<F>[];
  attributeSort: F;
  typeSort: SortDirection;
  onChange: (sort: { attributeSort: F; typeSort: SortDirection }) => void;
  /** The select's name in a form (its value is `field:direction`). */
  name?: string;
}

/** How long the keyboard's moves through a closed select rest before the sort applies. */
export const SORT_KEYBOARD_DELAY_MS = 400;

const valueOf = (option: { field: string; direction: SortDirection }) => `${option.field}:${option.direction}`;

/**
 * One select for field and direction together, with Russian labels. A choice by pointer (or from the
 * open list) applies at once; ArrowUp/ArrowDown (Home, End, a letter) on the closed select change it
 * option by option — Chromium fires `change` for each — so those apply once the keys have rested
 * for SORT_KEYBOARD_DELAY_MS, or at once on Enter or on leaving the select. The select shows (and a
 * screen reader announces) each option as it is reached.
 */
export function SortSelect<F extends string>({ options, attributeSort, typeSort, onChange, name }: SortSelectProps<F>) {
  const selectId = useId();
  const current = valueOf({ field: attributeSort, direction: typeSort });
  // The option the keyboard has reached: shown until the sort (the props) changes, applied or not.
  const [draft, setDraft] = useState<string | null>(null);
  const [seen, setSeen] = useState(current);
  if (current !== seen) {
    setSeen(current);
    setDraft(null);
  }
  // The keyboard's option waiting for its pause, if any.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A `change` while a key is down on the select is the keyboard's (the browser's own handling of
  // the key fires it in the same task); cleared once that task is over.
  const byKey = useRef(false);
  const keyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // What a delayed apply reads: this render's props, not those of the render that set the timer.
  const latest = useRef({ options, onChange, current });
  useEffect(() => {
    latest.current = { options, onChange, current };
  });

  // A new sort from outside (a reset, the URL's) is the latest word: the keyboard's pending option goes.
  useEffect(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, [current]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      clearTimeout(keyTimer.current);
    },
    [],
  );

  const apply = (value: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const { options: all, onChange: change, current: now } = latest.current;
    const option = all.find((o) => valueOf(o) === value);
    if (option && value !== now) change({ attributeSort: option.field, typeSort: option.direction });
  };
  const applyPending = () => {
    if (timer.current !== undefined && draft !== null) apply(draft);
  };

  const handleChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const option = options[event.currentTarget.selectedIndex];
    if (!option) return;
    const value = valueOf(option);
    if (!byKey.current) {
      setDraft(null);
      return apply(value);
    }
    setDraft(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(value), SORT_KEYBOARD_DELAY_MS);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Enter') return applyPending();
    byKey.current = true;
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => (byKey.current = false), 0);
  };

  return (
    <div className="ui-sort-select">
      <label htmlFor={selectId}>Сортировка</label>
      <select id={selectId} name={name} value={draft ?? current} onChange={handleChange} onKeyDown={handleKeyDown} onBlur={applyPending}>
        {options.map((option) => (
          <option key={valueOf(option)} value={valueOf(option)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
