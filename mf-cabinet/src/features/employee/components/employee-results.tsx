import { useRef } from 'react';
import { EmptyState, errorMessage, ErrorState, LoadingSkeleton, Pagination, pluralize, type QueryRetry, Skeleton, usePageLanding } from 'shared';
import { type Employee } from 'shared/lk';
import type { useEmployees } from '../api/get-employees';
import { EmployeeCard, type EmployeeAction } from './employee-card';

const EMPLOYEES = ['сотрудник', 'сотрудника', 'сотрудников'] as const;

export interface EmployeeResultsProps {
  query: ReturnType<typeof useEmployees>;
  /** `useQueryRetry(query)`, called where the query is: «Повторить» in place, then the search field focused. */
  retry: QueryRetry<HTMLInputElement>;
  search: string;
  myUserId: number | null;
  manage: boolean;
  onAction: (action: EmployeeAction, employee: Employee) => void;
  onPage: (page: number) => void;
}

/** The list's states under one status region, so each new count is heard. */
export function EmployeeResults({ query, retry, search, myUserId, manage, onAction, onPage }: EmployeeResultsProps) {
  const { data, isError, isFetching, isPlaceholderData } = query;
  const root = useRef<HTMLDivElement>(null);
  const land = usePageLanding(root, { data, fetching: isFetching, failed: isError });
  const announcement = retry.loading
    ? 'Загружаем сотрудников…'
    : !data
      ? ''
      : data.total > 0
        ? `Всего: ${data.total} ${pluralize(data.total, EMPLOYEES)}`
        : search
          ? `Никого не нашли по запросу «${search}»`
          : 'В организации пока нет сотрудников';

  let content;
  if (retry.loading) {
    content = (
      <LoadingSkeleton>
        <div className="emp-list" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="7rem" shape="block" />
          ))}
        </div>
      </LoadingSkeleton>
    );
  } else if (retry.failed || !data) {
    content = (
      <ErrorState
        title="Не удалось загрузить сотрудников"
        message={errorMessage(retry.error)}
        onRetry={retry.retry}
        retrying={retry.retrying}
      />
    );
  } else if (data.items.length === 0) {
    // The status region says it already (with the query): the title is not read again.
    content = search ? (
      <EmptyState title="Никого не нашли" titleAnnounced description="Проверьте написание или поищите по телефону или должности." />
    ) : (
      <EmptyState title="В организации пока нет сотрудников" titleAnnounced description="Пригласите их по номеру телефона: код придёт в СМС." />
    );
  } else {
    content = (
      <>
        <ul className="emp-list">
          {data.items.map((employee) => (
            <li key={employee.id}>
              <EmployeeCard employee={employee} isMe={employee.userId === myUserId} manage={manage} onAction={onAction} />
            </li>
          ))}
        </ul>
        <Pagination
          page={data.page}
          total={data.total}
          limit={data.limit}
          onPageChange={(page) => {
            land();
            onPage(page);
          }}
        />
      </>
    );
  }

  return (
    // Busy while another search or page is asked for, as PagedResults: not on a refresh of this one.
    <div ref={root} className="emp-results" aria-busy={isFetching && (!data || isPlaceholderData)}>
      {/* The cards' names are h3: the list is a section of the page under the h1, as the invites are. */}
      <h2 className="ui-visually-hidden">Список сотрудников</h2>
      <p role="status" className={data && data.total > 0 ? 'emp-results__total' : 'ui-visually-hidden'}>
        {announcement}
      </p>
      {content}
    </div>
  );
}
