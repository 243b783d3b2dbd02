import { isRouteErrorResponse, useLocation } from 'react-router-dom';
import { ErrorScreen } from './error-screen';

function statusOf(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return error.status;
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.data ?? '');
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Maps a thrown route error to the 404 / 403 / 500 screen. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  const status = statusOf(error);
  if (status === 404) {
    const text = isRouteErrorResponse(error) && error.statusText ? error.statusText : `Page not found: ${pathname}`;
    return <ErrorScreen status={404} detail={text} detailLang="en" />;
  }
  if (status === 403 || status === 401) return <ErrorScreen status={403} />;
  return <ErrorScreen status={500} detail={messageOf(error)} />;
}
