import { useId } from 'react';
import type { ApplicationSortField, SortDirection } from '../hooks/application-filter';
import './applications.css';

const SORT_OPTIONS: { field: ApplicationSortField; direction: SortDirection; label: string }[] = [
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

export function ApplicationSortSelect({ attributeSort, typeSort, onChange }: ApplicationSortSelectProps) {
  const selectId = useId();
  return (
    <div className="application-sort">
      <label htmlFor={selectId}>Сортировка</label>
      <select
        id={selectId}
        className="application-sort__select"
        value={`${attributeSort}:${typeSort}`}
        onChange={(event) => {
          const option = SORT_OPTIONS[event.currentTarget.selectedIndex];
          if (option) onChange({ attributeSort: option.field, typeSort: option.direction });
        }}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={`${option.field}:${option.direction}`} value={`${option.field}:${option.direction}`}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
