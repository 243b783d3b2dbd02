import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button, Card, errorMessage } from 'shared';
import './query-card.css';

export interface QueryCardProps<T> {
  /** The card's heading (h2), which also names the section. */
  title: ReactNode;
  titleId: string;
  query: UseQueryResult<T>;
  /** What the card loads, for the error: «Не удалось загрузить {what}: …». */
  what: string;
  /** Shown while the first answer is awaited (skeletons of the content's size). */
  loading: ReactNode;
  children: (data: T) => ReactNode;
  /** After the content in every state (a link to the page that owns the data). */
  footer?: ReactNode;
  className: string;
  titleClassName: string;
}

/**
 * A cabinet card over one query: the heading, then skeletons while it loads, the error with
 * «Повторить», or the content; the section is busy while the first answer is awaited.
 */
export function QueryCard<T>({ title, titleId, query, what, loading, children, footer, className, titleClassName }: QueryCardProps<T>) {
  return (
    <Card as="section" className={className} aria-labelledby={titleId} aria-busy={query.isPending}>
      <h2 id={titleId} className={titleClassName}>
        {title}
      </h2>
      {query.isPending ? (
        loading
      ) : query.isError ? (
        <div role="alert" className="cabinet-card-error">
          <p>{`Не удалось загрузить ${what}: ${errorMessage(query.error)}`}</p>
          <Button variant="secondary" size="sm" loading={query.isRefetching} onClick={() => void query.refetch()}>
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
