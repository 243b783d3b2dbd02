import { defaultShouldDehydrateQuery, dehydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
// Part of the `shared` every page evaluates (index.ts): its own modules by their paths, never `from 'shared'`.
import { ApiError, isNotFoundOrHiddenStatus, type ApiErrorInit } from '../api/api-error';

/*
 * The cache a server-rendered page goes out with (ARCHITECTURE §9): the answers, and the API's 404s
 * of a missing entity (its page's «not found» state is drawn from them on the server, and the
 * browser hydrates that without asking again). As JSON carries it, an ApiError goes as its fields
 * (an Error's `message` is not enumerable: JSON would drop it), and the browser makes it the
 * ApiError it was again, for the page (and anything asking `instanceof`) to read.
 */

/** A missing entity's 404, or the 403 of one not public (QA OOO-3): the page's «not found» either way. */
const isNotFound = (error: unknown) => error instanceof ApiError && isNotFoundOrHiddenStatus(error);

/** The server's cache for the browser: the answers and the 404s, ready for JSON. */
export function dehydrateForBrowser(client: QueryClient): DehydratedState {
  const shouldDehydrateQuery = (query: Query) => defaultShouldDehydrateQuery(query) || (query.state.status === 'error' && isNotFound(query.state.error));
  return mapErrors(dehydrate(client, { shouldDehydrateQuery }), (error) => (error instanceof ApiError ? apiErrorInit(error) : error));
}

/** What the server sent (dehydrateForBrowser, through JSON) with its ApiErrors back. */
export function reviveDehydratedErrors(state: DehydratedState): DehydratedState {
  return mapErrors(state, (error) => (isApiErrorInit(error) ? new ApiError(error) : error));
}

function apiErrorInit({ status, code, message, errors, retryAfter }: ApiError): ApiErrorInit {
  return { status, code, message, ...(errors ? { errors } : {}), ...(retryAfter !== undefined ? { retryAfter } : {}) };
}

function isApiErrorInit(error: unknown): error is ApiErrorInit {
  if (!error || typeof error !== 'object' || error instanceof ApiError) return false;
  const { status, code, message } = error as Partial<ApiErrorInit>;
  return typeof status === 'number' && typeof code === 'string' && typeof message === 'string';
}

function mapErrors(state: DehydratedState, map: (error: unknown) => unknown): DehydratedState {
  const queries = state.queries.map((query) => {
    if (query.state?.status !== 'error') return query;
    const error = map(query.state.error) as Error | null;
    const fetchFailureReason = map(query.state.fetchFailureReason) as Error | null;
    return { ...query, state: { ...query.state, error, fetchFailureReason } };
  });
  return { ...state, queries };
}
