import { useLocation } from 'react-router-dom';
import { formatMoney, type Application } from 'shared';
import { FilterChips, type FilterChip } from '../../../components/filter-chips';
import { formatPublicDate } from '../../../lib/dates';
import { useApplications } from '../api/get-applications';
import {
  APPLICATION_FILTER_KEYS,
  type ApplicationFilter,
  type ApplicationFilterKey,
  type ApplicationFilterPatch,
  toApplicationSearchParams,
  urlParamsOf,
} from '../lib/application-filter';
import { unnamedServiceLabel } from '../../../lib/unnamed-service';
import { cityLabel, customerLabel, serviceNamesOf } from '../lib/filter-labels';
import './applications.css';

const CUSTOMER_TYPES: Record<string, string> = {
  organization: 'только организации',
};

function describe(
  key: ApplicationFilterKey,
  filter: ApplicationFilter,
  items: Application[],
  serviceNames: ReadonlyMap<number, string>,
): string {
  const value = filter[key] ?? '';
  switch (key) {
    case 'query':
      return `«${value}»`;
    case 'services': {
      const fromItems = serviceNamesOf(items);
      const names = value.split(',').map((raw) => {
        const id = Number(raw);
        return serviceNames.get(id) ?? fromItems.get(id) ?? unnamedServiceLabel(raw);
      });
      return `Услуги: ${names.join(', ')}`;
    }
    case 'address':
      return `Город: ${cityLabel(filter, items)}`;
    case 'min_price':
      return `Цена от ${formatMoney(Number(value))}`;
    case 'max_price':
      return `Цена до ${formatMoney(Number(value))}`;
    case 'deadline':
      return `Срок до ${formatPublicDate(value)}`;
    case 'customer':
      return `Заказчик: ${customerLabel(filter, items)}`;
    case 'type':
      return `Заказчики: ${CUSTOMER_TYPES[value] ?? value}`;
  }
}

export interface ActiveFiltersProps {
  filter: ApplicationFilter;
  onChange: (patch: ApplicationFilterPatch) => void;
  /** Names of services from the picker's list, when it has loaded. */
  serviceNames?: ReadonlyMap<number, string>;
}

/** The filters in force as removable chips (FilterChips), and a link that drops them all. */
export function ActiveFilters({ filter, onChange, serviceNames = new Map() }: ActiveFiltersProps) {
  const { pathname } = useLocation();
  const { data } = useApplications(filter);
  const items = data?.items ?? [];
  // Rendered with no chips too: the chips hand the focus on when the last one goes.
  const chips: FilterChip[] = APPLICATION_FILTER_KEYS.filter((key) => filter[key]).map((key) => ({
    key,
    params: urlParamsOf(key),
    label: describe(key, filter, items, serviceNames),
    onRemove: () => onChange({ [key]: undefined }),
  }));
  // «Сбросить фильтры» drops the filters and the page, not the sort (no filter).
  const kept = toApplicationSearchParams({ page: 1, attributeSort: filter.attributeSort, typeSort: filter.typeSort }).toString();
  return <FilterChips chips={chips} resetTo={kept ? `${pathname}?${kept}` : pathname} />;
}
