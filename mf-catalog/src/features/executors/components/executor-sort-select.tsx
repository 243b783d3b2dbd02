import type { SortOption } from 'shared';
import { SortForm } from '../../../components/sort-form';
import type { ExecutorSortField, SortDirection } from '../lib/executor-filter';

const SORT_OPTIONS: readonly SortOption<ExecutorSortField>[] = [
  { field: 'id', direction: 'asc', label: 'По умолчанию' },
  { field: 'name', direction: 'asc', label: 'По имени, от А до Я' },
  { field: 'name', direction: 'desc', label: 'По имени, от Я до А' },
  { field: 'createdAt', direction: 'desc', label: 'Сначала новые на сервисе' },
  { field: 'createdAt', direction: 'asc', label: 'Сначала давно на сервисе' },
];

export interface ExecutorSortSelectProps {
  attributeSort: ExecutorSortField;
  typeSort: SortDirection;
  onChange: (sort: { attributeSort: ExecutorSortField; typeSort: SortDirection }) => void;
}

export function ExecutorSortSelect(props: ExecutorSortSelectProps) {
  return <SortForm options={SORT_OPTIONS} {...props} />;
}
