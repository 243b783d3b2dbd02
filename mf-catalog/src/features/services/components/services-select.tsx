import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Button, groupServices, LoadingSkeleton, pluralize, serviceOptionNames, servicesFoundText, Skeleton, useRetryInPlace, useServiceOptions } from 'shared';
import { unnamedServiceLabel } from '../../../lib/unnamed-service';
import './services.css';

/** Spec §3: the services filter defaults to id '0' named 'Все', which means no filter. */
export const ALL_SERVICES = { id: '0', name: 'Все' } as const;

export interface ServicesSelectProps {
  /** Chosen ids; empty means «Все». */
  selected: number[];
  onChange: (ids: number[]) => void;
  /** Names of chosen services known before the options load (from the results on screen). */
  knownNames?: ReadonlyMap<number, string>;
}

function summaryOf(selected: number[], names: ReadonlyMap<number, string>): string {
  if (selected.length === 0) return ALL_SERVICES.name;
  const first = names.get(selected[0]!);
  if (selected.length === 1) return first ?? '1 услуга';
  return `${selected.length} ${pluralize(selected.length, ['услуга', 'услуги', 'услуг'])}`;
}

/**
 * A multiple choice of services behind a disclosure; the list loads when it is first opened. Open,
 * it closes as a drop-down does: on Escape (the focus back on the toggle), on a press outside it,
 * and when the focus leaves it (Tab past its last checkbox). Ticking services keeps it open.
 */
export function ServicesSelect({ selected, onChange, knownNames }: ServicesSelectProps) {
  const bodyId = useId();
  const filterId = useId();
  const [expanded, setExpanded] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const [filter, setFilter] = useState('');
  const { data, isPending, isError, isFetching, refetch } = useServiceOptions({ enabled: expanded });
  const options = data?.items ?? [];
  // «Загрузить список снова» stays, busy, until the answer; a list that came takes the focus in its search field.
  const { retrying, retry, target: searchRef } = useRetryInPlace<HTMLInputElement>({ isFetching, refetch }, !isPending && !isError && options.length > 0);
  const names = new Map<number, string>([...(knownNames ?? []), ...serviceOptionNames(options)]);
  const unknown = selected.filter((id) => !options.some((s) => s.id === id));
  const isChosen = (id: number) => selected.includes(id);
  const groups = groupServices(options, filter);
  const found = groups.reduce((sum, [, items]) => sum + items.length, 0);

  function toggle(id: number) {
    const next = isChosen(id) ? selected.filter((value) => value !== id) : [...selected, id];
    onChange(next.sort((a, b) => a - b));
  }

  // On the document: a press anywhere outside, focusable or not (a click on the page's text moves no focus).
  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setExpanded(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [expanded]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !expanded) return;
    // Taken: nothing around the filter (a dialog) closes on this Escape too.
    event.preventDefault();
    setExpanded(false);
    // The focus may be in the body that hides: back where the list was opened.
    toggleButton.current?.focus();
  }

  // Only a focus that went somewhere else on the page: one lost with its element (a retry that
  // turned busy) or with the window (another tab) says nothing of the visitor leaving.
  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    const to = event.relatedTarget;
    if (expanded && to instanceof Node && !event.currentTarget.contains(to)) setExpanded(false);
  }

  function checkbox(id: number, label: string) {
    return (
      <label key={id} className="services-select__option">
        <input type="checkbox" value={id} checked={isChosen(id)} onChange={() => toggle(id)} />
        <span>{label}</span>
      </label>
    );
  }

  return (
    <div ref={root} className="services-select" onKeyDown={handleKeyDown} onBlur={handleBlur}>
      <button
        ref={toggleButton}
        type="button"
        className="services-select__toggle"
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={() => setExpanded((value) => !value)}
      >
        <span className="services-select__label">Услуги</span>
        <span className="services-select__summary">{summaryOf(selected, names)}</span>
      </button>
      <div id={bodyId} className="services-select__body" hidden={!expanded}>
        <fieldset className="services-select__fieldset">
          <legend className="ui-visually-hidden">Услуги</legend>
          <label className="services-select__option services-select__option--all">
            <input type="checkbox" value={ALL_SERVICES.id} checked={selected.length === 0} onChange={() => onChange([])} />
            <span>{ALL_SERVICES.name}</span>
          </label>
          {unknown.map((id) => checkbox(id, names.get(id) ?? unnamedServiceLabel(id)))}
          {expanded && isPending && !retrying ? (
            <LoadingSkeleton>
              <div aria-busy="true">
                <p role="status" className="ui-visually-hidden">
                  Загружаем список услуг…
                </p>
                <Skeleton width="80%" />
                <Skeleton width="65%" />
                <Skeleton width="70%" />
              </div>
            </LoadingSkeleton>
          ) : isError || retrying ? (
            <div className="services-select__error" role="alert">
              <p>Не удалось загрузить список услуг.</p>
              <Button
                variant="secondary"
                size="sm"
                loading={retrying}
                onClick={retry}
              >
                Загрузить список снова
              </Button>
            </div>
          ) : (
            options.length > 0 && (
              <>
                <div className="services-select__filter">
                  <label htmlFor={filterId}>Найти в списке</label>
                  <input ref={searchRef} id={filterId} type="text" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} autoComplete="off" />
                </div>
                {/* Heard as the list narrows, seen once a filter is typed (as the cabinet's ServicePicker). */}
                <p role="status" className={filter.trim() ? 'services-select__count' : 'ui-visually-hidden'}>
                  {servicesFoundText(found)}
                </p>
                <div className="services-select__options">
                  {groups.map(([group, services]) => (
                    <fieldset key={group} className="services-select__group">
                      <legend>{group}</legend>
                      {services.map((service) => checkbox(service.id, service.name))}
                    </fieldset>
                  ))}
                </div>
              </>
            )
          )}
        </fieldset>
      </div>
    </div>
  );
}
