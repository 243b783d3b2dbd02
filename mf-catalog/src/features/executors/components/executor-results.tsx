import { Link, useLocation } from 'react-router-dom';
import { Card, NEW_APPLICATION_PATH, PagedResults, pluralize, Skeleton, type ResultsTexts } from 'shared';
import { ResultsSkeleton } from '../../../components/results-skeleton';
import { moreThanCapText, textsWithPages } from '../../../lib/list-total';
import { useExecutors } from '../api/get-executors';
import { EXECUTOR_PAGE_SIZE, hasActiveExecutorFilters, toExecutorSearchParams, type ExecutorFilter } from '../lib/executor-filter';
import { ExecutorCard } from './executor-card';
import './executors.css';
import '../../../components/catalog.css';

const EXECUTOR_FORMS = ['исполнитель', 'исполнителя', 'исполнителей'] as const;

/**
 * «Найдено 30 исполнителей», «Исполнителей не найдено» for none (what the results announce); when
 * the API only knows the total passed its cap, «Найдено больше 10 000 исполнителей».
 */
export function formatExecutorTotal(total: number, exact = true): string {
  if (!exact) return `Найдено ${moreThanCapText(EXECUTOR_FORMS)}`;
  if (total === 0) return 'Исполнителей не найдено';
  return `${pluralize(total, ['Найден', 'Найдено', 'Найдено'])} ${total} ${pluralize(total, EXECUTOR_FORMS)}`;
}

/** A page of cards as ExecutorCard lays them out: type, name, two facts, service tags. */
function SkeletonList() {
  return (
    <ResultsSkeleton>
      <ul className="card-grid card-grid--wide" aria-hidden="true">
        {Array.from({ length: EXECUTOR_PAGE_SIZE }, (_, i) => (
          <li key={i}>
            <Card className="executor-card">
              <Skeleton width="30%" />
              <Skeleton width="70%" height="1.5rem" />
              <Skeleton width="50%" height="2.5rem" />
              <Skeleton width="60%" height="2.5rem" />
              <Skeleton width="90%" height="2rem" />
            </Card>
          </li>
        ))}
      </ul>
    </ResultsSkeleton>
  );
}

const TEXTS: ResultsTexts = {
  loading: 'Загружаем исполнителей…',
  loadError: 'Не удалось загрузить исполнителей',
  // A page past the last one says how many there are (textsWithPages).
  emptyPage: 'На этой странице исполнителей нет',
  none: formatExecutorTotal(0),
  noneDescription: 'Исполнителей с такими условиями нет. Измените условия поиска или сбросьте фильтры.',
  total: formatExecutorTotal,
};

/** Nothing narrows the list and still none: there are none yet, not none «с такими условиями» (QA PP-2). */
const NONE_YET_TEXTS: ResultsTexts = {
  ...TEXTS,
  none: 'Исполнителей пока нет',
  noneTitle: 'Исполнителей пока нет',
  noneDescription: 'Разместите заявку — исполнители сами предложат цену и сроки.',
};

/** The executors for the filter in the URL. */
export function ExecutorResults({ filter }: { filter: ExecutorFilter }) {
  const { pathname } = useLocation();
  const hrefOf = (view: ExecutorFilter) => {
    const search = toExecutorSearchParams(view).toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  const hrefForPage = (page: number) => hrefOf({ ...filter, page });
  // «Сбросить фильтры» drops the filters and the page, not the sort (no filter).
  const filtered = hasActiveExecutorFilters(filter);
  const noneAction = filtered ? (
    <Link to={hrefOf({ page: 1, attributeSort: filter.attributeSort, typeSort: filter.typeSort })}>Сбросить фильтры</Link>
  ) : (
    <Link to={NEW_APPLICATION_PATH}>Разместить заявку</Link>
  );
  const query = useExecutors(filter);
  return (
    <PagedResults
      query={query}
      texts={textsWithPages(filtered ? TEXTS : NONE_YET_TEXTS, query.data)}
      hrefForPage={hrefForPage}
      noneAction={noneAction}
      skeleton={<SkeletonList />}
    >
      {(items) => (
        <ul className="card-grid card-grid--wide">
          {items.map((executor) => (
            <li key={executor.id}>
              <ExecutorCard executor={executor} />
            </li>
          ))}
        </ul>
      )}
    </PagedResults>
  );
}
