import { LoadingSkeleton, Skeleton } from 'shared';

/** Where the overview's cards will stand while the user and profiles load. */
export function OverviewSkeleton() {
  return (
    <LoadingSkeleton>
      <div className="overview-skeleton" aria-busy="true">
        <p role="status" className="ui-visually-hidden">
          Загружаем личный кабинет…
        </p>
        <Skeleton width="14rem" height="2rem" />
        <div className="overview-grid">
          <Skeleton shape="block" height="8rem" />
          <Skeleton shape="block" height="8rem" />
          <Skeleton shape="block" height="10rem" />
        </div>
      </div>
    </LoadingSkeleton>
  );
}
