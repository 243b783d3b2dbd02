import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button, Card, errorMessage, LoadingSkeleton, type QueryRetry } from 'shared';
import './query-card.css';

export interface QueryCardProps<T> {
  /** The card's heading (h2), which also names the section. */
  title: ReactNode;
  titleId: string;
  query: UseQueryResult<T>;
  /** `useQueryRetry(query)`, called where the query is: «Повторить» in place, then the heading focused. */
  retry: QueryRetry<HTMLHeadingElement>;
  /** What the card loads, for the error: «Не удалось загрузить {what}: …». */
  what: string;
  /** Shown while the first answer is awaited (skeletons of the content's size). */
  loading: ReactNode;
  children: (data: T) => ReactNode;
  /** After the content in every state (a link to the page that owns the data). */
  footer?: ReactNode;
  className: string;
  titleClassName: string;
  /** The page waits for its other sections before a failure is shown (useFirstLoadFailures): the loading stays. */
  held?: boolean;
  /** False when the page's one alert has said this failure: the error is shown, not said again. */
  announce?: boolean;
}

/**
 * A cabinet card over one query: the heading, then skeletons while it loads, the error with
 * «Повторить» (in place while it runs: useQueryRetry), or the content; the section is busy while
 * an answer is awaited. While it loads a screen reader is told so in words, «Загружаем {what}…»
 * (the skeletons are hidden from it).
 */
export function QueryCard<T>({ title, titleId, query, retry, what, loading, children, footer, className, titleClassName, held = false, announce = true }: QueryCardProps<T>) {
  return (
    <Card as="section" className={className} aria-labelledby={titleId} aria-busy={query.isPending}>
      {/* It takes the focus of «Повторить» once the retry has brought the content. */}
      <h2 ref={retry.target} id={titleId} className={titleClassName} tabIndex={-1}>
        {title}
      </h2>
      {retry.loading || (held && retry.failed) ? (
        <LoadingSkeleton>
          <p role="status" className="ui-visually-hidden">{`Загружаем ${what}…`}</p>
          {loading}
        </LoadingSkeleton>
      ) : retry.failed || query.data === undefined ? (
        <div role={announce ? 'alert' : undefined} className="cabinet-card-error">
          <p>{`Не удалось загрузить ${what}: ${errorMessage(retry.error)}`}</p>
          <Button variant="secondary" size="sm" loading={retry.retrying} onClick={retry.retry}>
            Повторить
          </Button>
        </div>
      ) : (
        children(query.data)
      )}
      {footer}
    </Card>
  );
}
