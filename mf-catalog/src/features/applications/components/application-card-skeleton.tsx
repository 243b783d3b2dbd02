import { Skeleton } from 'shared';
import './applications.css';

/** Holds the place of one card, with the same outline, while the list loads. */
export function ApplicationCardSkeleton() {
  return (
    <div className="ui-card application-card application-card--skeleton" aria-hidden="true">
      <Skeleton width="40%" height="1.25rem" />
      <Skeleton width="85%" height="1.5rem" />
      <Skeleton width="30%" height="1.25rem" />
      <Skeleton width="100%" height="3.5rem" />
      <Skeleton width="60%" height="1.25rem" />
    </div>
  );
}

export function ApplicationCardSkeletonList({ count = 6 }: { count?: number }) {
  return (
    <ul className="application-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <ApplicationCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
