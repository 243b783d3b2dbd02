import { Link, useLocation } from 'react-router-dom';
import {
  ERROR_STATE_FALLBACK,
  errorMessage,
  ErrorState,
  formatDateTime,
  formatMoney,
  lkApplicationDetailPath,
  PagedResults,
  pluralize,
  type QueryRetry,
  Skeleton,
} from 'shared';
import { payoutStatusLabels, type BalanceHistoryItem } from 'shared/lk';
import { useBalanceHistory } from '../api/get-balance-history';
import { toneOf } from '../lib/history-labels';

const TEXTS = {
  loading: 'Загружаем историю операций…',
  loadError: 'Не удалось загрузить историю операций',
  emptyPage: 'На этой странице операций нет',
  none: 'Операций пока нет',
  noneTitle: 'Операций пока нет',
  noneDescription: 'Здесь появятся оплаты по заявкам, комиссии, возвраты и выводы средств.',
  total: (total: number) => `Всего: ${total} ${pluralize(total, ['операция', 'операции', 'операций'])}`,
};

function signed(item: BalanceHistoryItem): string {
  const money = formatMoney(Math.abs(item.amount));
  if (item.informational || item.amountKopecks === 0) return money;
  return item.amountKopecks > 0 ? `+${money}` : `−${money}`;
}

/** «заявку № 1005» (any case of the word, with or without the space) in a line's title, for the number given. */
function applicationPart(title: string, number: number | null) {
  if (number === null) return null;
  const found = new RegExp(`заявк[а-яё]*\\s*№\\s*${number}(?!\\d)`, 'i').exec(title);
  return found ? { start: found.index, end: found.index + found[0].length } : null;
}

/**
 * The API's title, its application part («заявку №1005») a link to that application's lk page: the
 * line's why, one step away. A title that does not name it keeps its words; the link follows it.
 */
function HistoryTitle({ item }: { item: BalanceHistoryItem }) {
  if (item.applicationId === null) return <>{item.title}</>;
  const to = lkApplicationDetailPath(item.applicationId);
  const part = applicationPart(item.title, item.applicationNumber);
  if (!part) {
    return (
      <>
        {item.title} (<Link to={to}>{item.applicationNumber === null ? 'заявка' : `заявка № ${item.applicationNumber}`}</Link>)
      </>
    );
  }
  return (
    <>
      {item.title.slice(0, part.start)}
      <Link to={to}>{item.title.slice(part.start, part.end)}</Link>
      {item.title.slice(part.end)}
    </>
  );
}

function HistoryRow({ item }: { item: BalanceHistoryItem }) {
  const tone = toneOf(item.amountKopecks, item.informational);
  return (
    <li className="money-history__item">
      <div className="money-history__main">
        <span className="money-history__title">
          <HistoryTitle item={item} />
        </span>
        <span className="money-history__meta">
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          {/* How the payout went is the withdrawal's to say: a failed payout's return line says it in its title already. */}
          {item.kind === 'withdrawal' && item.payoutStatus && ` · ${payoutStatusLabels[item.payoutStatus]}`}
          {item.informational && ' · не влияет на баланс'}
        </span>
        {item.kind === 'withdrawal' && item.payoutStatus === 'failed' && item.payoutFailureReason && (
          <span className="money-history__reason">Причина: {item.payoutFailureReason}</span>
        )}
      </div>
      <span className={`money-history__amount money-history__amount--${tone}`}>{signed(item)}</span>
    </li>
  );
}

function HistorySkeleton() {
  return (
    <ul className="money-history" aria-hidden="true">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="money-history__item">
          <Skeleton width="60%" height="2.5rem" />
          <Skeleton width="5rem" height="1.25rem" />
        </li>
      ))}
    </ul>
  );
}

export interface HistoryListProps {
  profileId: number;
  page: number;
  /** The id of the section's heading, which names the list. */
  titleId: string;
  /** `useQueryRetry` of this page's history query, its target the section's heading. */
  retry: QueryRetry<HTMLHeadingElement>;
  /** The page's first load is not all in: a failure still shows as loading (useFirstLoadFailures). */
  held?: boolean;
  /** False when the page's one alert has said that the history failed. */
  announce?: boolean;
}

/** The balance's operations, newest first, paged by `?page=`. */
export function HistoryList({ profileId, page, titleId, retry, held = false, announce = true }: HistoryListProps) {
  const { pathname } = useLocation();
  const query = useBalanceHistory(profileId, page);
  // Said already by the page's one alert: shown without another, «Повторить» in place until the answer.
  if (!held && !announce && retry.failed) {
    return (
      <ErrorState
        announce={false}
        title={TEXTS.loadError}
        message={errorMessage(retry.error, ERROR_STATE_FALLBACK)}
        retrying={retry.retrying}
        onRetry={retry.retry}
      />
    );
  }
  return (
    <PagedResults
      // Held: still «loading» for the list, its status and its skeleton.
      query={held && query.isError && query.data === undefined ? { ...query, data: undefined, isPending: true, isError: false } : query}
      texts={TEXTS}
      hrefForPage={(next) => (next > 1 ? `${pathname}?page=${next}` : pathname)}
      skeleton={<HistorySkeleton />}
      noneAction={<Link to="/lk/application">Мои заявки</Link>}
    >
      {(items) => (
        // A page of rows with no control (no application to link to): the list takes the focus when it is landed on (PagedResults).
        <ul className="money-history" tabIndex={-1} aria-labelledby={titleId}>
          {items.map((item) => (
            <HistoryRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </PagedResults>
  );
}
