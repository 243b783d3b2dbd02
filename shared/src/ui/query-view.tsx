import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage, isNotFoundStatus, isPassingFailure } from '../api/api-error';
import { useDocumentTitle } from '../seo/document-title';
import { EmptyState } from './empty-state';
import { ERROR_STATE_FALLBACK, ErrorState } from './error-state';
import { focusLost, focusPageStart } from './focus-fallback';
import { useGoBack } from './go-back';
import { Skeleton } from './skeleton';
import { LoadingSkeleton, SLOW_READ_MS, SlowAnswer } from './slow-answer';

/** What QueryView reads of a react-query result (`useQuery(...)` fits as is). */
export interface QueryViewResult<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isRefetching?: boolean;
  refetch: () => unknown;
}

export interface NotFoundStateProps {
  title: string;
  description: string;
  backTo: string;
  backLabel: string;
  /** What the page can offer besides the way back (e.g. switching to another profile); before the links. */
  actions?: ReactNode;
}

/**
 * The empty-state look with a real h1: on a detail page it is the page's only heading. The tab
 * says it too, rather than the route's plain «Исполнитель» (the server's 404 title, kept). Its way
 * back to its list first, then «На главную» and «Назад», as the spec's 404 screen (§2) offers.
 */
export function NotFoundState({ title, description, backTo, backLabel, actions }: NotFoundStateProps) {
  useDocumentTitle(title);
  const goBack = useGoBack();
  return (
    <div className="ui-state ui-state--empty">
      <h1 className="ui-state__title">{title}</h1>
      <p className="ui-state__description">{description}</p>
      <div className="ui-state__action">
        {actions}
        <Link to={backTo}>{backLabel}</Link>
        {backTo !== '/' && <Link to="/">На главную</Link>}
        <button type="button" className="ui-state__back" onClick={goBack}>
          Назад
        </button>
      </div>
    </div>
  );
}

/**
 * A static page title as the loading state's h1, for screen readers (QA NN-1): who lands on the
 * page, or jumps by headings, before its data finds the title. If it has the focus when the content
 * takes its place (the shell's FocusOnNavigation puts a lost focus on a new page's h1 as soon as
 * there is one), the focus goes on to the content's own heading rather than to the document's body.
 */
export function LoadingHeading({ title }: { title: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    const heading = ref.current;
    // A layout effect's cleanup runs while the heading is still in the document, before it goes.
    return () => {
      if (heading === null || heading.ownerDocument.activeElement !== heading) return;
      setTimeout(() => {
        if (focusLost(heading.ownerDocument)) focusPageStart(heading.ownerDocument);
      }, 0);
    };
  }, []);
  return (
    <h1 ref={ref} className="ui-visually-hidden">
      {title}
    </h1>
  );
}

/**
 * Where a page's content will stand, announced to screen readers as a status; with `title` (a page
 * whose heading is known before its data) that heading, visually hidden, as the page's h1. A wait
 * of SLOW_READ_MS says the server is slow.
 */
export function PageSkeleton({ label, title }: { label: string; title?: string }) {
  return (
    <div className="ui-page-skeleton" aria-busy="true" style={{ display: 'grid', gap: '0.75rem' }}>
      {title !== undefined && <LoadingHeading title={title} />}
      <p role="status" className="ui-visually-hidden">
        {label}
      </p>
      <SlowAnswer pending ms={SLOW_READ_MS} />
      <Skeleton width="25%" height="1rem" />
      <Skeleton width="70%" height="2.25rem" />
      <Skeleton width="20%" height="1.5rem" />
      <Skeleton width="100%" height="8rem" shape="block" />
      <Skeleton width="100%" height="5rem" shape="block" />
    </div>
  );
}

export interface QueryViewProps<T> {
  query: QueryViewResult<T>;
  /** The page's h1, kept for screen readers while the default skeleton or an error stands in for the content. */
  heading: string;
  /** Announced while loading, e.g. «Загружаем заявку…». */
  loadingLabel: string;
  /** What stands in while loading, shaped like the content so nothing moves when it comes; a generic page skeleton by default. */
  skeleton?: ReactNode;
  /** The error's title, e.g. «Не удалось загрузить заявку»; the error's own message goes under it. */
  errorFallback?: string;
  /** The page for a missing thing; without it a 404 is an error like any other. */
  notFound?: NotFoundStateProps;
  isNotFound?: (error: unknown) => boolean;
  /** When the answer has nothing to show (a list without items). */
  isEmpty?: (data: T) => boolean;
  empty?: { title: string; description?: ReactNode; action?: ReactNode };
  children: (data: T) => ReactNode;
}

/**
 * One look for the states of a page driven by one query: loading skeleton (role=status), error
 * with «Повторить» (role=alert), not found (the page's h1), empty, then the content. A retry that
 * brings the content gives the focus, gone with «Повторить», to the page's heading.
 */
export function QueryView<T>({
  query,
  heading,
  loadingLabel,
  skeleton,
  errorFallback = 'Не удалось загрузить данные',
  notFound,
  isNotFound = isNotFoundStatus,
  isEmpty,
  empty,
  children,
}: QueryViewProps<T>) {
  const retried = useRef(false);
  // A read again that failed in passing (the network dropped, the server failed) leaves the page as
  // it was: a write whose dialog or form says it failed, and whose page then read the thing again,
  // took the whole page, the typed text with it, down to «Не удалось загрузить…» (QA AAP-1, AAP-2).
  const kept = query.data !== undefined && query.isError && isPassingFailure(query.error);
  const failed = !kept && (query.isError || query.data === undefined);
  const shown = !query.isPending && !failed;
  useEffect(() => {
    if (!shown || !retried.current) return;
    retried.current = false;
    if (focusLost()) focusPageStart();
  }, [shown]);

  if (query.isPending) {
    if (skeleton === undefined) return <PageSkeleton label={loadingLabel} title={heading} />;
    return <LoadingSkeleton>{skeleton}</LoadingSkeleton>;
  }
  if (failed || query.data === undefined) {
    if (notFound && isNotFound(query.error)) return <NotFoundState {...notFound} />;
    return (
      <>
        <h1 className="ui-visually-hidden">{heading}</h1>
        <ErrorState
          title={errorFallback}
          message={errorMessage(query.error, ERROR_STATE_FALLBACK)}
          onRetry={() => {
            retried.current = true;
            void query.refetch();
          }}
          retrying={Boolean(query.isRefetching)}
        />
      </>
    );
  }
  if (empty && isEmpty?.(query.data)) {
    return (
      <>
        <h1 className="ui-visually-hidden">{heading}</h1>
        <EmptyState title={empty.title} description={empty.description} action={empty.action} />
      </>
    );
  }
  return <>{children(query.data)}</>;
}
