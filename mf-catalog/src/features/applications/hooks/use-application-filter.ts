import { useUrlFilter, type UrlFilterCodec } from '../../../lib/use-url-filter';
import {
  applyFilterPatch,
  parseApplicationFilter,
  toApplicationSearchParams,
  type ApplicationFilter,
  type ApplicationFilterPatch,
} from '../lib/application-filter';

const codec: UrlFilterCodec<ApplicationFilter, ApplicationFilterPatch> = {
  parse: parseApplicationFilter,
  toParams: toApplicationSearchParams,
  apply: applyFilterPatch,
};

/** The list's filter in the URL (useUrlFilter: a history entry per change, Back works). */
export function useApplicationFilter(): [ApplicationFilter, (patch: ApplicationFilterPatch) => void] {
  return useUrlFilter(codec);
}
