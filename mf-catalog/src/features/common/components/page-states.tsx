import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState, Skeleton } from 'shared';
import './catalog.css';
import './details.css';

export interface NotFoundStateProps {
  title: string;
  description: string;
  backTo: string;
  backLabel: string;
}

/** The empty-state look with a real h1: on a detail page it is the page's only heading. */
export function NotFoundState({ title, description, backTo, backLabel }: NotFoundStateProps) {
  return (
    <div className="ui-state ui-state--empty">
      <h1 className="ui-state__title">{title}</h1>
      <p className="ui-state__description">{description}</p>
      <div className="ui-state__action">
        <Link to={backTo}>{backLabel}</Link>
      </div>
    </div>
  );
}

export interface PageErrorStateProps {
  /** The page's h1, kept for screen readers while the error stands in for the content. */
  heading: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

export function PageErrorState({ heading, message, onRetry, retrying = false }: PageErrorStateProps) {
  return (
    <>
      <h1 className="ui-visually-hidden">{heading}</h1>
      <ErrorState message={message} onRetry={onRetry} retrying={retrying} />
    </>
  );
}

/** Where a detail page's content will stand, with a status for screen readers. */
export function DetailsSkeleton({ label }: { label: string }) {
  return (
    <div className="details-skeleton" aria-busy="true">
      <p role="status" className="ui-visually-hidden">
        {label}
      </p>
      <div aria-hidden="true" className="details-skeleton__blocks">
        <Skeleton width="25%" height="1rem" />
        <Skeleton width="70%" height="2.25rem" />
        <Skeleton width="20%" height="1.5rem" />
        <Skeleton width="100%" height="8rem" shape="block" />
        <Skeleton width="100%" height="5rem" shape="block" />
      </div>
    </div>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className="back-link" to={to}>
      <span aria-hidden="true">← </span>
      {children}
    </Link>
  );
}

/** A positive integer id from the route, or null for anything else (which is "not found"). */
export function parseRouteId(value: string | undefined): number | null {
  const id = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : null;
}
