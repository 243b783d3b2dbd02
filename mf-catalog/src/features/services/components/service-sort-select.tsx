import type { SortOption } from 'shared';
import { SortForm } from '../../../components/sort-form';
import type { ServiceListFilter, ServiceSortField } from '../lib/service-list-filter';

// Groups and the services in each, both ways (service/get-collection keeps headings first).
const SORT_OPTIONS: readonly SortOption<ServiceSortField>[] = [
  { field: 'name', direction: 'asc', label: 'По названию, от А до Я' },
  { field: 'name', direction: 'desc', label: 'По названию, от Я до А' },
];

type Sort = Pick<ServiceListFilter, 'attributeSort' | 'typeSort'>;

export interface ServiceSortSelectProps extends Sort {
  onChange: (sort: Sort) => void;
}

export function ServiceSortSelect(props: ServiceSortSelectProps) {
  return <SortForm options={SORT_OPTIONS} {...props} />;
}
