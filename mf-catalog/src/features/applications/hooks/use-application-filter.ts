import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  applyFilterPatch,
  parseApplicationFilter,
  toApplicationSearchParams,
  type ApplicationFilter,
  type ApplicationFilterPatch,
} from '../lib/application-filter';

/**
 * The list's filter, read from and written to the URL: each change is a history entry, so Back
 * works; a change that leaves the view as it is adds none.
 */
export function useApplicationFilter(): [ApplicationFilter, (patch: ApplicationFilterPatch) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => parseApplicationFilter(searchParams), [searchParams]);

  const update = useCallback(
    (patch: ApplicationFilterPatch) => {
      const next = toApplicationSearchParams(applyFilterPatch(parseApplicationFilter(searchParams), patch));
      if (next.toString() !== toApplicationSearchParams(parseApplicationFilter(searchParams)).toString()) setSearchParams(next);
    },
    [searchParams, setSearchParams],
  );

  return [filter, update];
}
