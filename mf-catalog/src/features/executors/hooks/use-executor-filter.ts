import { useUrlFilter, type UrlFilterCodec } from '../../../lib/use-url-filter';
import { applyExecutorPatch, parseExecutorFilter, toExecutorSearchParams, type ExecutorFilter, type ExecutorFilterPatch } from '../lib/executor-filter';

const codec: UrlFilterCodec<ExecutorFilter, ExecutorFilterPatch> = {
  parse: parseExecutorFilter,
  toParams: toExecutorSearchParams,
  apply: applyExecutorPatch,
};

/** The list's filter in the URL (useUrlFilter: a history entry per change, Back works). */
export function useExecutorFilter(): [ExecutorFilter, (patch: ExecutorFilterPatch) => void] {
  return useUrlFilter(codec);
}
