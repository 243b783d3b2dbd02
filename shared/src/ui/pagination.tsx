import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { pageCountOf, paginationRange } from './pagination-range';

export interface PaginationProps {
  page: number;
  total: number;
  limit: number;
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
  const { page, total, limit, siblings = 1, className } = props;
  const pageCount = pageCountOf(total, limit);
  if (pageCount <= 1) return null;
  const items = paginationRange(page, pageCount, siblings);

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
