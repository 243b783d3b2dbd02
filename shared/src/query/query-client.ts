import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';

export const QUERY_STALE_TIME_MS = 30_000;
const MAX_RETRIES = 2;

/**
 * A 4xx will not change on a retry; an unreachable server or a 5xx may — not while the browser is
 * offline. Nor a read that got no answer in REQUEST_TIMEOUT_MS: asked twice more, a hanging server
 * kept the page loading for some 95 s instead of 30 before «Сервер не отвечает» and its «Повторить» (QA CCC-1).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.isClientError || error.code === 'timeout')) return false;
  if (!onlineManager.isOnline()) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * A suggestions query, asked while someone types (useLookup's fields): asked once more, soon, and
 * then its failure is shown with «Повторить» — not after the default two retries, which back off
 * for about three seconds while the field only says «Ищем…». Typing on asks again anyway.
 */
export const LOOKUP_QUERY_RETRY = {
  retry: (failureCount: number, error: unknown) => failureCount < 1 && shouldRetryQuery(failureCount, error),
  retryDelay: 300,
} as const;

/**
 * An action is tried once. Asked for offline it fails at once with the network's message (spec
 * §8), as a message does: paused (react-query's default) it spun with no word, and went when the
 * connection came back — after its dialog was cancelled, or the state had moved on.
 */
export const MUTATION_DEFAULTS = { retry: false, networkMode: 'always' } as const;

/**
 * A read asked for offline fails at once with the network's message, and its page says so («Сервер
 * недоступен. Проверьте подключение к интернету», «Повторить»): paused (react-query's default
 * `networkMode`) it showed «Загружаем…» for as long as the phone was offline, and a login waiting
 * on the profiles spun with no end (QA O-2, O-3). The connection back, the pages showing it read
 * again by themselves (`refetchOnReconnect`, which react-query turns off with this mode unless asked).
 */
export const QUERY_NETWORK_MODE = 'always';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, staleTime: QUERY_STALE_TIME_MS, refetchOnWindowFocus: false, networkMode: QUERY_NETWORK_MODE, refetchOnReconnect: true },
      mutations: MUTATION_DEFAULTS,
    },
  });
}
