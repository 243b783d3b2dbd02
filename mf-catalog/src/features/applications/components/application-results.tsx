import { Link, useLocation } from 'react-router-dom';
import { NEW_APPLICATION_PATH, PagedResults, type ResultsTexts } from 'shared';
import { ResultsSkeleton } from '../../../components/results-skeleton';
import { textsWithPages } from '../../../lib/list-total';
import { useApplications } from '../api/get-applications';
import { formatFoundTotal } from '../lib/found-total';
import { APPLICATION_PAGE_SIZE, hasActiveApplicationFilters, toApplicationSearchParams, type ApplicationFilter } from '../lib/application-filter';
import { NO_APPLICATIONS_YET } from '../lib/no-applications';
import { ApplicationCard } from './application-card';
import { ApplicationCardSkeletonList } from './application-card-skeleton';
import './applications.css';

const TEXTS: ResultsTexts = {
  loading: 'Загружаем заявки…',
  loadError: 'Не удалось загрузить заявки',
  // A page past the last one says how many there are (textsWithPages).
  emptyPage: 'На этой странице заявок нет',
  none: formatFoundTotal(0),
  noneDescription: 'Заявок с такими условиями нет. Измените условия поиска или сбросьте фильтры.',
  total: formatFoundTotal,
};

/** Nothing narrows the list and still none: there are none yet, not none «с такими условиями». */
const NONE_YET_TEXTS: ResultsTexts = {
  ...TEXTS,
  none: NO_APPLICATIONS_YET.title,
  noneTitle: NO_APPLICATIONS_YET.title,
  noneDescription: NO_APPLICATIONS_YET.description,
};

/** The list for the filter in the URL; pages are links, so each is a history entry. */
export function ApplicationResults({ filter }: { filter: ApplicationFilter }) {
  const { pathname } = useLocation();
  const hrefOf = (view: ApplicationFilter) => {
    const search = toApplicationSearchParams(view).toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  const hrefForPage = (page: number) => hrefOf({ ...filter, page });
  // «Сбросить фильтры» drops the filters and the page, not the sort (no filter).
  const filtered = hasActiveApplicationFilters(filter);
  const noneAction = filtered ? (
    <Link to={hrefOf({ page: 1, attributeSort: filter.attributeSort, typeSort: filter.typeSort })}>Сбросить фильтры</Link>
  ) : (
    <Link to={NEW_APPLICATION_PATH}>Разместить заявку</Link>
  );
  const query = useApplications(filter);
  return (
    <PagedResults
      query={query}
      texts={textsWithPages(filtered ? TEXTS : NONE_YET_TEXTS, query.data)}
      hrefForPage={hrefForPage}
      noneAction={noneAction}
      skeleton={
        <ResultsSkeleton>
          <ApplicationCardSkeletonList count={APPLICATION_PAGE_SIZE} />
        </ResultsSkeleton>
      }
      className="application-results"
      totalClassName="application-results__total"
    >
      {(items) => (
        <ul className="application-grid">
          {items.map((application) => (
            <li key={application.id}>
              <ApplicationCard application={application} />
            </li>
          ))}
        </ul>
      )}
    </PagedResults>
  );
}
