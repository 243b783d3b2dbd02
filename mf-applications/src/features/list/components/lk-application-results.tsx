import type { RefObject } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PagedResults, pluralize, Skeleton, useQueryRetry, type PagedQuery, type ResultsTexts } from 'shared';
import { lkApplicationPaths, PUBLIC_APPLICATIONS } from '../../../lib/lk-paths';
import { useFocusRescue } from '../../../lib/use-focus-rescue';
import { useUserApplications } from '../api/get-user-applications';
import { listSearchOf, type ListFilter, type ListRole } from '../lib/list-filter';
import { LkApplicationCard } from './lk-application-card';
import './list.css';

const count = (total: number) => `${total} ${pluralize(total, ['заявка', 'заявки', 'заявок'])}`;

function textsFor({ role, status, query }: ListFilter): ResultsTexts {
  const customer = role === 'customer';
  if (query) {
    const none = `${status ? 'С этим статусом по запросу' : 'По запросу'} «${query}» заявок нет`;
    return {
      loading: 'Ищем заявки…',
      loadError: 'Не удалось загрузить заявки',
      emptyPage: 'На этой странице заявок нет',
      none,
      noneTitle: 'Ничего не найдено',
      noneDescription: `${none}. Проверьте название или номер.`,
      total: (total) => `Найдено: ${count(total)}`,
    };
  }
  return {
    loading: 'Загружаем заявки…',
    loadError: 'Не удалось загрузить заявки',
    emptyPage: 'На этой странице заявок нет',
    none: status ? 'Заявок с этим статусом нет' : 'Заявок пока нет',
    noneTitle: status ? 'Заявок с этим статусом нет' : 'Заявок пока нет',
    noneDescription: customer
      ? 'Опишите, что нужно сделать, — исполнители откликнутся со своими ценами.'
      : 'Найдите подходящие заявки в каталоге и откликнитесь на них.',
    total: (total) => `Всего: ${count(total)}`,
  };
}

function CardsSkeleton() {
  return (
    <ul className="lk-card-list" aria-hidden="true">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="ui-card lk-card">
          <Skeleton width="35%" height="1.25rem" />
          <Skeleton width="80%" height="1.5rem" />
          <Skeleton width="60%" height="3.5rem" />
        </li>
      ))}
    </ul>
  );
}

/** The caller's applications for the tab and page in the URL. */
export function LkApplicationResults({ profileId, filter, roles, page }: { profileId: number; filter: ListFilter; roles: readonly ListRole[]; page: RefObject<HTMLElement | null> }) {
  const { pathname } = useLocation();
  const customer = filter.role === 'customer';
  const action = customer ? (
    <Link className="ui-button ui-button--primary ui-button--md" to={lkApplicationPaths.form}>
      Создать заявку
    </Link>
  ) : (
    <Link className="ui-button ui-button--primary ui-button--md" to={PUBLIC_APPLICATIONS}>
      Найти заявки
    </Link>
  );
  const searchReset = filter.query ? <Link to={`${pathname}${listSearchOf({ ...filter, query: '', page: 1 }, roles)}`}>Сбросить поиск</Link> : null;
  const query = useUserApplications(profileId, filter);
  // «Повторить» in place: a retry of a list that never loaded would show the skeleton (or the
  // previous tab's cards, kept while a tab loads) where the focused button was.
  const retry = useQueryRetry(query);
  const shown: PagedQuery<NonNullable<typeof query.data>['items'][number]> = retry.failed
    ? { data: undefined, error: retry.error, isPending: false, isError: true, isFetching: query.isFetching, isRefetching: retry.retrying, refetch: retry.retry }
    : query;
  // The card with the focus may leave the tab when the list is read again (the other side's transition).
  useFocusRescue(page, query.data);
  return (
    <PagedResults
      query={shown}
      texts={textsFor(filter)}
      hrefForPage={(page) => `${pathname}${listSearchOf({ ...filter, page }, roles)}`}
      skeleton={<CardsSkeleton />}
      noneAction={searchReset ?? action}
    >
      {(items) => (
        <ul className="lk-card-list">
          {items.map((application) => (
            <li key={application.id}>
              <LkApplicationCard application={application} />
            </li>
          ))}
        </ul>
      )}
    </PagedResults>
  );
}
