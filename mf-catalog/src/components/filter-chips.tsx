import { Link } from 'react-router-dom';
import { clickStaysInTab, focusPageStart, useFocusAfterRemovedButton } from 'shared';
import { CarriedParams } from './carried-params';
import './filters.css';

export interface FilterChip {
  key: string;
  label: string;
  onRemove: () => void;
  /** The URL parameters the filter is written in (a city's id and its name); `[key]` when not given. */
  params?: readonly string[];
}

/**
 * A chip's words with what a visitor typed or a record names (a query in «», a city, a customer, the
 * services after «…: ») isolated for the bidirectional algorithm: a query of Russian and Hebrew,
 * «Ремонт שלום 5», drew its «5» and closing quote out of place across the chip (QA AAP-9).
 */
export function ChipText({ label }: { label: string }) {
  const quoted = /^«([\s\S]*)»$/.exec(label);
  if (quoted) return <>«<bdi>{quoted[1]}</bdi>»</>;
  const named = /^([^:«]+: )([\s\S]+)$/.exec(label);
  if (named) return <>{named[1]}<bdi>{named[2]}</bdi></>;
  return <>{label}</>;
}

/**
 * Where the focus goes once the last chip is gone (the chips with it): the page's search field,
 * else the page's start, so a keyboard or screen-reader user is not sent back to the document.
 */
function focusAfterLastChip(): void {
  const search = document.querySelector<HTMLElement>('main [role="search"] input');
  if (search) search.focus();
  else focusPageStart();
}

/**
 * The filters in force as removable chips, and a link that drops them all. Each chip is the submit
 * button of a GET form carrying the page's other parameters (CarriedParams), so that without scripts
 * (or before the page has hydrated) it loads the page without its filter, from page 1; with scripts
 * the click removes it in place (`onRemove`) and the form is not sent. A removed chip hands
 * the focus to the chip that takes its place (or the one before it), and the last one — or
 * «Сбросить фильтры», gone with the chips — to the page's search field: the control that had it is gone.
 */
export function FilterChips({ chips, resetTo }: { chips: FilterChip[]; resetTo: string }) {
  const { list, removed } = useFocusAfterRemovedButton<HTMLUListElement>(chips.map((chip) => chip.key).join('\n'), focusAfterLastChip);
  if (chips.length === 0) return null;
  return (
    <div className="filter-chips" role="group" aria-label="Выбранные фильтры">
      <ul ref={list} className="filter-chips__list">
        {chips.map((chip, index) => (
          <li key={chip.key}>
            <form method="get" className="filter-chips__form">
              <CarriedParams except={chip.params ?? [chip.key]} />
              <button
                type="submit"
                className="filter-chips__chip"
                onClick={(event) => {
                  event.preventDefault();
                  removed(index);
                  chip.onRemove();
                }}
                aria-label={`Убрать фильтр ${chip.label}`}
              >
                <ChipText label={chip.label} /> <span aria-hidden="true">×</span>
              </button>
            </form>
          </li>
        ))}
      </ul>
      <Link
        to={resetTo}
        onClick={(event) => {
          // In this tab: the chips go, and the link with them.
          if (clickStaysInTab(event)) removed(0);
        }}
      >
        Сбросить фильтры
      </Link>
    </div>
  );
}
