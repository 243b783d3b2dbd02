import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * How soon a change of the same filter joins the one before it in history. Arrowing through
 * «Сортировка», or ticking three services in a row, is one step for Back, not one per key press.
 */
export const FILTER_HISTORY_COALESCE_MS = 1000;

export interface UrlFilterCodec<F, P extends object> {
  parse(params: URLSearchParams): F;
  toParams(filter: F): URLSearchParams;
  apply(filter: F, patch: P): F;
}

/**
 * A catalogue's filter, read from and written to the URL. Each change is a history entry, so
 * Back works; a change that leaves the view as it is adds none; a change of the same fields as
 * the one just made (within FILTER_HISTORY_COALESCE_MS, and still on the entry it made) replaces
 * that entry instead of stacking another.
 */
export function useUrlFilter<F, P extends object>(codec: UrlFilterCodec<F, P>): [F, (patch: P) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => codec.parse(searchParams), [codec, searchParams]);
  const last = useRef<{ fields: string; search: string; at: number } | null>(null);

  const update = useCallback(
    (patch: P) => {
      const current = codec.parse(searchParams);
      const next = codec.toParams(codec.apply(current, patch));
      const search = next.toString();
      if (search === codec.toParams(current).toString()) return;
      const fields = Object.keys(patch).sort().join(',');
      const now = Date.now();
      const previous = last.current;
      const replace =
        previous !== null && previous.fields === fields && previous.search === searchParams.toString() && now - previous.at < FILTER_HISTORY_COALESCE_MS;
      last.current = { fields, search, at: now };
      setSearchParams(next, { replace });
    },
    [codec, searchParams, setSearchParams],
  );

  return [filter, update];
}
