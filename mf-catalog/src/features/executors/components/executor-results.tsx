import { Link, useLocation } from 'react-router-dom';
import { Card, EmptyState, ErrorState, errorMessage, Pagination, pluralize, Skeleton } from 'shared';
import { useExecutors } from '../api/get-executors';
import { toExecutorSearchParams, type ExecutorFilter } from '../hooks/executor-filter';
import { ExecutorCard } from './executor-card';
import './executors.css';
import '../../common/components/catalog.css';

export function formatExecutorTotal(total: number): string {
  return `${pluralize(total, ['Найден', 'Найдено', 'Найдено'])} ${total} ${pluralize(total, ['исполнитель', 'исполнителя', 'исполнителей'])}`;
}

function SkeletonList() {
  return (
    <ul className="card-grid card-grid--wide" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i}>
          <Card className="executor-card">
            <Skeleton width="30%" />
            <Skeleton width="70%" height="1.5rem" />
            <Skeleton width="50%" />
            <Skeleton width="90%" height="2rem" />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The executors for the filter in the URL, with one status region that announces each count. */
export function ExecutorResults({ filter }: { filter: ExecutorFilter }) {
  const { pathname } = useLocation();
  const { data, error, isPending, isError, isFetching, isRefetching, refetch } = useExecutors(filter);
  const hrefForPage = (page: number) => {
    const search = toExecutorSearchParams({ ...filter, page }).toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  const hasItems = Boolean(data && data.items.length > 0);
  const announcement = isPending
    ? 'Загружаем исполнителей…'
    : isError
      ? ''
      : hasItems
        ? formatExecutorTotal(data.total)
        : data.total > 0
          ? 'На этой странице исполнителей нет'
          : 'Исполнителей не найдено';

  let content;
  if (isPending) content = <SkeletonList />;
  else if (isError) {
    content = (
      <ErrorState message={errorMessage(error, 'Не удалось загрузить исполнителей')} onRetry={() => void refetch()} retrying={isRefetching} />
    );
  } else if (!hasItems) {
    content =
      data.total > 0 ? (
        <EmptyState title="На этой странице исполнителей нет" action={<Link to={hrefForPage(1)}>К первой странице</Link>} />
      ) : (
        <EmptyState
          title="Ничего не найдено"
          description="Исполнителей с такими условиями нет. Измените условия поиска или сбросьте фильтры."
          action={<Link to={pathname}>Сбросить фильтры</Link>}
        />
      );
  } else {
    content = (
      <>
        <ul className="card-grid card-grid--wide">
          {data.items.map((executor) => (
            <li key={executor.id}>
              <ExecutorCard executor={executor} />
            </li>
          ))}
        </ul>
        <Pagination page={data.page} total={data.total} limit={data.limit} hrefForPage={hrefForPage} />
      </>
    );
  }

  return (
    <div className="results" aria-busy={isPending || isFetching}>
      <p role="status" className={hasItems ? 'results__total' : 'ui-visually-hidden'}>
        {announcement}
      </p>
      {content}
    </div>
  );
}
