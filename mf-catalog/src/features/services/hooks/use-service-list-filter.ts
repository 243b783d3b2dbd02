import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  applyServiceListPatch,
  parseServiceListFilter,
  toServiceListSearchParams,
  type ServiceListFilter,
  type ServiceListFilterPatch,
} from '../lib/service-list-filter';

/** The catalogue's filter in the URL: each change is a history entry (Back works); a no-op adds none. */
export function useServiceListFilter(): [ServiceListFilter, (patch: ServiceListFilterPatch) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => parseServiceListFilter(searchParams), [searchParams]);
  const update = useCallback(
    (patch: ServiceListFilterPatch) => {
      const current = parseServiceListFilter(searchParams);
      const next = toServiceListSearchParams(applyServiceListPatch(current, patch));
      if (next.toString() !== toServiceListSearchParams(current).toString()) setSearchParams(next);
    },
    [searchParams, setSearchParams],
  );
  return [filter, update];
}
