import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  applyExecutorPatch,
  parseExecutorFilter,
  toExecutorSearchParams,
  type ExecutorFilter,
  type ExecutorFilterPatch,
} from '../lib/executor-filter';

/** The list's filter in the URL: each change is a history entry (Back works); a no-op adds none. */
export function useExecutorFilter(): [ExecutorFilter, (patch: ExecutorFilterPatch) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => parseExecutorFilter(searchParams), [searchParams]);
  const update = useCallback(
    (patch: ExecutorFilterPatch) => {
      const next = toExecutorSearchParams(applyExecutorPatch(parseExecutorFilter(searchParams), patch));
      if (next.toString() !== toExecutorSearchParams(parseExecutorFilter(searchParams)).toString()) setSearchParams(next);
    },
    [searchParams, setSearchParams],
  );
  return [filter, update];
}
