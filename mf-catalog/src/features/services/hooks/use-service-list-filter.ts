import { useUrlFilter, type UrlFilterCodec } from '../../../lib/use-url-filter';
import {
  applyServiceListPatch,
  parseServiceListFilter,
  toServiceListSearchParams,
  type ServiceListFilter,
  type ServiceListFilterPatch,
} from '../lib/service-list-filter';

const codec: UrlFilterCodec<ServiceListFilter, ServiceListFilterPatch> = {
  parse: parseServiceListFilter,
  toParams: toServiceListSearchParams,
  apply: applyServiceListPatch,
};

/** The catalogue's filter in the URL (useUrlFilter: a history entry per change, Back works). */
export function useServiceListFilter(): [ServiceListFilter, (patch: ServiceListFilterPatch) => void] {
  return useUrlFilter(codec);
}
