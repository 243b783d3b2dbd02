import type { ReactNode } from 'react';
import { Skeleton } from 'shared';

/**
 * A list while its page loads: the count's line, a page of card skeletons and the pagination,
 * each where the loaded list puts it, so the footer stays put when the results arrive.
 */
export function ResultsSkeleton({ children }: { children: ReactNode }) {
  return (
    <>
      <Skeleton width="12rem" height="1.5rem" />
      {children}
      <Skeleton width="18rem" height="2.5rem" shape="block" />
    </>
  );
}
