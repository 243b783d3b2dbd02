import { LoadingBar } from '../features/loading-bar/loading-bar';

/** Shown in the main area while the first page's remote and chunk load. */
export function PageFallback() {
  return <LoadingBar active />;
}
