import { useMemo, useRef, type ReactNode } from 'react';
import { Link, useLocation, useNavigationType } from 'react-router-dom';
import { errorMessage } from '../api/api-error';
import { groupDigits } from '../format/money';
import { EmptyState } from './empty-state';
import { ERROR_STATE_FALLBACK, ErrorState } from './error-state';
import { Pagination } from './pagination';
import { pageCountOf } from './pagination-range';
import { LoadingSkeleton } from './slow-answer';
import { followsToOtherResults, usePageLanding } from './use-page-landing';

export interface PagedList<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  /** False when `total` is only the API's cap (LIST_TOTAL_CAP), not a count; exact when absent. */
  totalExact?: boolean;
}

/** The parts of a list query the results need (what useQuery answers). */
export interface PagedQuery<T> {
  data: PagedList<T> | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isRefetching: boolean;
  /** The previous key's answer kept on screen while this one loads (keepPreviousData). */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

/** The words of one catalogue, in Russian. */
export interface ResultsTexts {
  loading: string;
  /** The error state's title, e.g. «Не удалось загрузить заявки». */
  loadError: string;
  /** Past the last page while the filters still match something. */
  emptyPage: string;
  /** No match at all: the announcement, and the empty state's description. */
  none: string;
  noneDescription: string;
  /** The empty state's title; «Ничего не найдено» by default. */
  noneTitle?: string;
  /** «Найдено 12 заявок»; `exact` false when the total is only the API's cap («Найдено больше 10 000 заявок»). */
  total: (total: number, exact: boolean) => string;
}

export interface PagedResultsProps<T> {
  query: PagedQuery<T>;
  texts: ResultsTexts;
  hrefForPage: (page: number) => string;
  skeleton: ReactNode;
  children: (items: T[]) => ReactNode;
  /** What the empty state leads to; a link that drops the filters (the path without a query) by default. */
  noneAction?: ReactNode;
  className?: string;
  totalClassName?: string;
}

/**
 * A paged list for the filter in the URL: loading, error with retry, the two empty states
 * and pagination, with one status region that stays in place so screen readers hear each count.
 * Results asked for from inside them (a page, a card's tag), or reached by Back or Forward with the
 * focus lost, are landed on at their start (usePageLanding).
 */
export function PagedResults<T>({
  query,
  texts,
  hrefForPage,
  skeleton,
  children,
  noneAction,
  className = 'ui-results',
  totalClassName = 'ui-results__total',
}: PagedResultsProps<T>) {
  const location = useLocation();
  const { pathname } = location;
  const { data, error, isPending, isError, isFetching, isRefetching, isPlaceholderData, refetch } = query;
  // Busy while what shows is not the answer asked for: the skeleton, or the previous page or tab
  // kept until the next comes. A live refresh of the same list (a notification, a reconnect)
  // neither dims the cards nor tells a screen reader to wait.
  const busy = isPending || (isFetching && (!data || Boolean(isPlaceholderData)));
  const root = useRef<HTMLDivElement>(null);
  // Back and Forward between the list's views land as a page chosen from the pagination does.
  const returnedTo = useNavigationType() === 'POP' ? location.key : null;
  const land = usePageLanding(root, { data, fetching: isFetching, failed: isError, returnedTo });
  const hasItems = Boolean(data && data.items.length > 0);
  // Each new answer is a new node in the status region, so the same words are said again: a new
  // sort or page («Найдено 60 заявок» as before) tells a screen reader the list was replaced.
  const answers = useRef(0);
  const answer = useMemo(() => (answers.current += 1), [data]);
  const announcement = isPending ? texts.loading : isError || !data ? '' : hasItems ? texts.total(data.total, data.totalExact !== false) : data.total > 0 ? texts.emptyPage : texts.none;
  const noneTitle = texts.noneTitle ?? 'Ничего не найдено';

  let content: ReactNode;
  if (isPending) {
    content = <LoadingSkeleton>{skeleton}</LoadingSkeleton>;
  } else if (isError || !data) {
    content = (
      <ErrorState
        title={texts.loadError}
        message={errorMessage(error, ERROR_STATE_FALLBACK)}
        onRetry={() => {
          // Its results replace «Повторить»: landed on as a page's are.
          land();
          void refetch();
        }}
        retrying={isRefetching}
      />
    );
  } else if (!hasItems) {
    content =
      data.total > 0 ? (
        <EmptyState title={texts.emptyPage} titleAnnounced action={<PastLastPageLinks list={data} hrefForPage={hrefForPage} />} />
      ) : (
        <EmptyState
          title={noneTitle}
          // The status region says «none» already: the same words in the title are not read again.
          titleAnnounced={noneTitle === texts.none}
          description={texts.noneDescription}
          action={noneAction ?? <Link to={pathname}>Сбросить фильтры</Link>}
        />
      );
  } else {
    content = (
      <>
        {children(data.items)}
        <Pagination
          page={data.page}
          total={data.total}
          limit={data.limit}
          totalExact={data.totalExact}
          hasNext={data.items.length >= data.limit}
          hrefForPage={hrefForPage}
        />
      </>
    );
  }

  return (
    <div
      ref={root}
      className={className}
      aria-busy={busy}
      // A link in the results to others of this page (a page, a card's service tag, an empty state's way on).
      onClickCapture={(event) => {
        if (followsToOtherResults(event, location)) land();
      }}
    >
      <p role="status" className={hasItems ? totalClassName : 'ui-visually-hidden'}>
        <span key={answer}>{announcement}</span>
      </p>
      {content}
    </div>
  );
}

/**
 * The ways on from a page past the list's last one: its first page, and its last when the list
 * has more than one. A total that is only the cap names no last page: the way on is to the last
 * page it is known to fill («К странице 1 667»), from which «Вперёд» goes on.
 */
function PastLastPageLinks({ list, hrefForPage }: { list: PagedList<unknown>; hrefForPage: (page: number) => string }) {
  const last = pageCountOf(list.total, list.limit);
  const capped = list.totalExact === false;
  return (
    <>
      <Link to={hrefForPage(1)}>К первой странице</Link>
      {last > 1 && last < list.page && (
        <Link to={hrefForPage(last)}>{capped ? `К странице ${groupDigits(String(last))}` : 'К последней странице'}</Link>
      )}
    </>
  );
}
