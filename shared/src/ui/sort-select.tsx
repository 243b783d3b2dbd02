import { useId } from 'react';

export type SortDirection = 'asc' | 'desc';

export interface SortOption<F extends string> {
  field: F;
  direction: SortDirection;
  label: string;
}

export interface SortSelectProps<F extends string> {
  options: readonly SortOption<F>[];
  attributeSort: F;
  typeSort: SortDirection;
  onChange: (sort: { attributeSort: F; typeSort: SortDirection }) => void;
  /** The select's name in a form (its value is `field:direction`). */
  name?: string;
}

/** One select for field and direction together, with Russian labels. */
export function SortSelect<F extends string>({ options, attributeSort, typeSort, onChange, name }: SortSelectProps<F>) {
  const selectId = useId();
  return (
    <div className="ui-sort-select">
      <label htmlFor={selectId}>Сортировка</label>
      <select
        id={selectId}
        name={name}
        value={`${attributeSort}:${typeSort}`}
        onChange={(event) => {
          const option = options[event.currentTarget.selectedIndex];
          if (option) onChange({ attributeSort: option.field, typeSort: option.direction });
        }}
      >
        {options.map((option) => (
          <option key={`${option.field}:${option.direction}`} value={`${option.field}:${option.direction}`}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
