import { Skeleton } from 'shared';

/** Where a section of results on the map will stand (its heading and the 400 px map) while the results load. */
export function MapSectionSkeleton({ className }: { className: string }) {
  return (
    <div className={className} aria-hidden="true">
      <Skeleton width="14rem" height="1.5rem" />
      <Skeleton width="100%" height={400} shape="block" />
    </div>
  );
}
