import type { SortOption } from 'shared';
import { SortForm } from '../../../components/sort-form';
import type { ApplicationSortField, SortDirection } from '../lib/application-filter';

const SORT_OPTIONS: readonly SortOption<ApplicationSortField>[] = [
  { field: 'name', direction: 'asc', label: 'По названию, от А до Я' },
  { field: 'name', direction: 'desc', label: 'По названию, от Я до А' },
  { field: 'price', direction: 'asc', label: 'По цене, сначала дешёвые' },
  { field: 'price', direction: 'desc', label: 'По цене, сначала дорогие' },
  { field: 'deadline', direction: 'asc', label: 'По сроку, сначала ближайшие' },
  { field: 'deadline', direction: 'desc', label: 'По сроку, сначала поздние' },
  { field: 'createdAt', direction: 'desc', label: 'По дате создания, сначала новые' },
  { field: 'createdAt', direction: 'asc', label: 'По дате создания, сначала старые' },
];

export interface ApplicationSortSelectProps {
  attributeSort: ApplicationSortField;
  typeSort: SortDirection;
  onChange: (sort: { attributeSort: ApplicationSortField; typeSort: SortDirection }) => void;
}

export function ApplicationSortSelect(props: ApplicationSortSelectProps) {
  return <SortForm options={SORT_OPTIONS} {...props} />;
}
