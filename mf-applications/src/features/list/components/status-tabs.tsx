import { Link } from 'react-router-dom';
import { applicationStatusLabels, useCurrentInRow, type ApplicationStatus } from 'shared';
import { listSearchOf, type ListFilter, type ListRole } from '../lib/list-filter';
import './list.css';

export interface StatusTabsProps {
  statuses: readonly ApplicationStatus[];
  filter: ListFilter;
  roles: readonly ListRole[];
  pathname: string;
}

/**
 * The status filter as links (each tab is a URL: Back returns to it, it opens in a new tab);
 * the current one is marked with aria-current. A search typed stays through the tabs. Scrolls sideways on a phone, wraps on wider screens.
 * A status opened from the address (a link, a reload, Back) may be far down the row on a phone: the
 * current tab is scrolled into it, the row alone (as the shell's cabinet nav does; `scrollIntoView`
 * would move the page too).
 */
export function StatusTabs({ statuses, filter, roles, pathname }: StatusTabsProps) {
  const row = useCurrentInRow<HTMLElement>([filter.status, filter.role]);
  const tabs: { status: ApplicationStatus | null; label: string }[] = [
    { status: null, label: 'Все' },
    ...statuses.map((status) => ({ status, label: applicationStatusLabels[status] })),
  ];
  return (
    <nav ref={row} className="lk-status-tabs" aria-label="Статус заявок">
      <ul className="lk-status-tabs__list">
        {tabs.map(({ status, label }) => {
          const active = status === filter.status;
          return (
            <li key={status ?? 'all'}>
              <Link
                className={active ? 'lk-status-tabs__tab lk-status-tabs__tab--current' : 'lk-status-tabs__tab'}
                to={`${pathname}${listSearchOf({ role: filter.role, status, page: 1, query: filter.query }, roles)}`}
                aria-current={active ? 'page' : undefined}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
