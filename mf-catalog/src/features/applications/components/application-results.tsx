import { useLocation } from 'react-router-dom';
import { PagedResults, pluralize, type ResultsTexts } from 'shared';
import { useApplications } from '../api/get-applications';
import { toApplicationSearchParams, type ApplicationFilter } from '../lib/application-filter';
import { ApplicationCard } from './application-card';
import { ApplicationCardSkeletonList } from './application-card-skeleton';
import './applications.css';

export function formatFoundTotal(total: number): string {
  const verb = pluralize(total, ['Найдена', 'Найдено', 'Найдено']);
  return `${verb} ${total} ${pluralize(total, ['заявка', 'заявки', 'заявок'])}`;
}

const TEXTS: ResultsTexts = {
  loading: 'Загружаем заявки…',
  loadError: 'Не удалось загрузить заявки',
  emptyPage: 'На этой странице заявок нет',
  none: 'Заявок не найдено',
  noneDescription: 'Заявок с такими условиями нет. Измените условия поиска или сбросьте фильтры.',
  total: formatFoundTotal,
};

/** The list for the filter in the URL; pages are links, so each is a history entry. */
export function ApplicationResults({ filter }: { filter: ApplicationFilter }) {
  const { pathname } = useLocation();
  const hrefForPage = (page: number) => {
    const search = toApplicationSearchParams({ ...filter, page }).toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  return (
    <PagedResults
      query={useApplications(filter)}
      texts={TEXTS}
      hrefForPage={hrefForPage}
      skeleton={<ApplicationCardSkeletonList />}
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
