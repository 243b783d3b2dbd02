import { Link, useLocation } from 'react-router-dom';
import { EmptyState, ErrorState, errorMessage, Pagination, pluralize } from 'shared';
import { useApplications } from '../api/get-applications';
import { toApplicationSearchParams, type ApplicationFilter } from '../hooks/application-filter';
import { ApplicationCard } from './application-card';
import { ApplicationCardSkeletonList } from './application-card-skeleton';
import './applications.css';

export function formatFoundTotal(total: number): string {
  const verb = pluralize(total, ['Найдена', 'Найдено', 'Найдено']);
  return `${verb} ${total} ${pluralize(total, ['заявка', 'заявки', 'заявок'])}`;
}

/**
 * The list for the filter in the URL: total, cards, pagination, and its loading, empty and error
 * states. One status region stays in place, so screen readers hear every new count.
 */
export function ApplicationResults({ filter }: { filter: ApplicationFilter }) {
  const { pathname } = useLocation();
  const { data, error, isPending, isError, isFetching, isRefetching, refetch } = useApplications(filter);
  // Pages are links, so each page is a history entry and can be opened in a new tab.
  const hrefForPage = (page: number) => {
    const search = toApplicationSearchParams({ ...filter, page }).toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  const hasItems = Boolean(data && data.items.length > 0);
  const announcement = isPending
    ? 'Загружаем заявки…'
    : isError
      ? ''
      : hasItems
        ? formatFoundTotal(data.total)
        : data.total > 0
          ? 'На этой странице заявок нет'
          : 'Заявок не найдено';

  let content;
  if (isPending) {
    content = <ApplicationCardSkeletonList />;
  } else if (isError) {
    content = (
      <ErrorState
        message={errorMessage(error, 'Не удалось загрузить заявки')}
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  } else if (!hasItems) {
    // Past the last page the filters still match something: lead to the first page instead.
    content =
      data.total > 0 ? (
        <EmptyState title="На этой странице заявок нет" action={<Link to={hrefForPage(1)}>К первой странице</Link>} />
      ) : (
        <EmptyState
          title="Ничего не найдено"
          description="Заявок с такими условиями нет. Измените условия поиска или сбросьте фильтры."
          action={<Link to={pathname}>Сбросить фильтры</Link>}
        />
      );
  } else {
    content = (
      <>
        <ul className="application-grid">
          {data.items.map((application) => (
            <li key={application.id}>
              <ApplicationCard application={application} />
            </li>
          ))}
        </ul>
        <Pagination page={data.page} total={data.total} limit={data.limit} hrefForPage={hrefForPage} />
      </>
    );
  }

  return (
    <div className="application-results" aria-busy={isPending || isFetching}>
      <p role="status" className={hasItems ? 'application-results__total' : 'ui-visually-hidden'}>
        {announcement}
      </p>
      {content}
    </div>
  );
}
