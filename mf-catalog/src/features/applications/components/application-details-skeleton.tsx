import { Skeleton } from 'shared';
import './applications.css';

export function ApplicationDetailsSkeleton() {
  return (
    <div className="application-details" aria-busy="true">
      <p role="status" className="ui-visually-hidden">
        Загружаем заявку…
      </p>
      <div aria-hidden="true" className="application-details__skeleton">
        <Skeleton width="25%" height="1rem" />
        <Skeleton width="70%" height="2.25rem" />
        <Skeleton width="20%" height="1.5rem" />
        <Skeleton width="100%" height="8rem" />
        <Skeleton width="100%" height="5rem" />
      </div>
    </div>
  );
}
