import { useEffect, useMemo } from 'react';
import { useRevalidator, useRouteError } from 'react-router-dom';
import { RouteErrorScreen } from '../features/error-screens/route-error-screen';
import { LoadingBar } from '../features/loading-bar/loading-bar';
import { canReload, reloadOnce } from '../features/reload/reload-guard';
import { RemoteErrorPanel } from './remote-error-panel';
import { isRemoteLoadError, type RemoteLoadError } from './remote-load-error';
import { isRetrying, markRetry } from './remote-retry';

function RemoteFailure({ error }: { error: RemoteLoadError }) {
  const revalidator = useRevalidator();
  // First failure: one guarded reload (a deploy may have replaced the files); after that, the panel.
  // A remote that never answered gets the panel at once: a reload would wait out the same budget,
  // past the reload guard's window, and reload again, for good.
  const willReload = useMemo(() => !error.timedOut && !isRetrying(error.remote) && canReload(window.sessionStorage), [error]);
  useEffect(() => {
    if (willReload) reloadOnce();
  }, [willReload]);
  if (willReload) return <LoadingBar active />;
  const retry = () => {
    markRetry(error.remote);
    void revalidator.revalidate();
  };
  return <RemoteErrorPanel onRetry={retry} busy={revalidator.state === 'loading'} />;
}

/** Error boundary of every remote route: load failures get the retry panel, the rest error screens. */
export function RemoteRouteError() {
  const error = useRouteError();
  if (isRemoteLoadError(error)) return <RemoteFailure error={error} />;
  return <RouteErrorScreen error={error} />;
}
