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

/** The list for the filter in the URL: total, cards, pagination, and its loading, empty and error states. */
export function ApplicationResults({ filter }: { filter: ApplicationFilter }) {
  const { pathname } = useLocation();
  const { data, error, isPending, isError, isFetching, isRefetching, refetch } = useApplications(filter);
  // Pages are links, so each page is a history entry and can be opened in a new tab.
  const hrefForPage = (page: number) => {
    const search = toApplicationSearchParams({ ...filter, page }).toString();
    return search ? `${pathname}?${search}` : pathname;
  };

  if (isPending) {
    return (
      <div className="application-results" aria-busy="true">
        <p role="status" className="ui-visually-hidden">
          Загружаем заявки…
        </p>
        <ApplicationCardSkeletonList />
      </div>
    );
  }

  if (isError) {
    return (
      <ErrorState
        message={errorMessage(error, 'Не удалось загрузить заявки')}
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  }

  if (data.items.length === 0) {
    // Past the last page the filters still match something: lead to the first page instead.
    return data.total > 0 ? (
      <EmptyState title="На этой странице заявок нет" action={<Link to={hrefForPage(1)}>К первой странице</Link>} />
    ) : (
      <EmptyState
        title="Заявок не найдено"
        description="Измените условия поиска или сбросьте фильтры."
        action={<Link to={pathname}>Сбросить фильтры</Link>}
      />
    );
  }

  return (
    <div className="application-results" aria-busy={isFetching}>
      <p role="status" className="application-results__total">
        {formatFoundTotal(data.total)}
      </p>
      <ul className="application-grid">
        {data.items.map((application) => (
          <li key={application.id}>
            <ApplicationCard application={application} />
          </li>
        ))}
      </ul>
      <Pagination page={data.page} total={data.total} limit={data.limit} hrefForPage={hrefForPage} />
    </div>
  );
}
