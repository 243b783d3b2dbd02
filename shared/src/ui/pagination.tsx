import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { openPaginationRange, pageCountOf, paginationRange } from './pagination-range';

export interface PaginationProps {
  page: number;
  total: number;
  limit: number;
  /**
   * False when `total` is only the API's cap (LIST_TOTAL_CAP): the list may go on past its pages,
   * so no last page is named, and «Вперёд» leads on while `hasNext` says a page follows.
   */
  totalExact?: boolean;
  /** With a total that is not exact: the current page is full, so another may follow it. */
  hasNext?: boolean;
  /** Button mode: called with the chosen page. */
  onPageChange?: (page: number) => void;
  /** Link mode (inside a router): each page is a real link, so it can be opened in a new tab. */
  hrefForPage?: (page: number) => string;
  siblings?: number;
  className?: string;
}

interface ControlProps {
  target: number;
  disabled?: boolean;
  current?: boolean;
  label: string;
  children: ReactNode;
  props: PaginationProps;
}

function Control({ target, disabled, current, label, children, props }: ControlProps) {
  const className = ['ui-pagination__control', current && 'ui-pagination__control--current'].filter(Boolean).join(' ');
  const ariaCurrent = current ? ('page' as const) : undefined;
  if (props.hrefForPage) {
    if (disabled) {
      return (
        <span className={className} aria-disabled="true" aria-label={label}>
          {children}
        </span>
      );
    }
    return (
      <Link to={props.hrefForPage(target)} className={className} aria-label={label} aria-current={ariaCurrent}>
        {children}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      aria-current={ariaCurrent}
      disabled={disabled}
      onClick={() => {
        if (!current) props.onPageChange?.(target);
      }}
    >
      {children}
    </button>
  );
}

export function Pagination(props: PaginationProps) {
  const { page, total, limit, totalExact, hasNext, siblings = 1, className } = props;
  const exact = totalExact !== false;
  const counted = pageCountOf(total, limit);
  // Without an exact count the pages known are those the capped total fills and the one after a full page.
  const pageCount = exact ? counted : hasNext ? Math.max(counted, page + 1) : page;
  if (pageCount <= 1) return null;
  const items = exact ? paginationRange(page, pageCount, siblings) : openPaginationRange(page, pageCount, siblings);

  return (
    <nav aria-label="Страницы" className={['ui-pagination', className].filter(Boolean).join(' ')}>
      <ul className="ui-pagination__list">
        <li>
          <Control target={page - 1} disabled={page <= 1} label="Назад" props={props}>
            Назад
          </Control>
        </li>
        {items.map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} className="ui-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Control target={item} current={item === page} label={`Страница ${item}`} props={props}>
                {item}
              </Control>
            </li>
          ),
        )}
        <li>
          <Control target={page + 1} disabled={page >= pageCount} label="Вперёд" props={props}>
            Вперёд
          </Control>
        </li>
      </ul>
    </nav>
  );
}
