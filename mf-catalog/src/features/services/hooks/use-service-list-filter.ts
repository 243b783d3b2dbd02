import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseServiceListFilter, toServiceListSearchParams, type ServiceListFilter } from '../lib/service-list-filter';


export function useServiceListFilter(): [ServiceListFilter, (patch: Partial<ServiceListFilter>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => parseServiceListFilter(searchParams), [searchParams]);
  const update = useCallback(
    (patch: Partial<ServiceListFilter>) => {
      const current = parseServiceListFilter(searchParams);
      const next = toServiceListSearchParams({ ...current, ...patch, page: patch.page ?? 1 });
      if (next.toString() !== toServiceListSearchParams(current).toString()) setSearchParams(next);
    },
    [searchParams, setSearchParams],
  );
  return [filter, update];
}
