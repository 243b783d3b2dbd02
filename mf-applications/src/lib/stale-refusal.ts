import { isApiError } from 'shared';

/**
 * A refusal that may mean the page is behind the server and must catch up: someone acted first
 * (409), the application is gone (404), or the caller's part in it ended (403: a page offers only
 * what the server allowed, so a refusal of who may act means the role changed since — a reply
 * withdrawn or a deal cancelled in another tab, an executor stopped). The detail page refetches;
 * a form re-reads its application to see whether it still fits.
 */
export function isStale(error: unknown): boolean {
  return isApiError(error) && (error.status === 409 || error.status === 404 || error.status === 403);
}
