import { useId } from 'react';
import type { CustomerTypeFilter } from '../lib/application-filter';
import '../../../components/filters.css';

export interface CustomerTypeSelectProps {
  value: CustomerTypeFilter | undefined;
  onChange: (value: CustomerTypeFilter | undefined) => void;
}

/**
 * The API's `type=customer` (its default) already includes organisations: only «organisations» narrows.
 * With scripts a choice applies at once. Without them it is a field of the panel's form
 * (ApplicationRangeFilter), named as in the URL: «Применить» sends it with the prices and the date.
 */
export function CustomerTypeSelect({ value, onChange }: CustomerTypeSelectProps) {
  const id = useId();
  return (
    <div className="filter-field">
      <label className="filter-field__label" htmlFor={id}>
        Тип заказчика
      </label>
      <select
        id={id}
        name="type"
        value={value === 'organization' ? 'organization' : ''}
        onChange={(event) => onChange(event.currentTarget.value === 'organization' ? 'organization' : undefined)}
      >
        <option value="">Любой</option>
        <option value="organization">Только организации</option>
      </select>
    </div>
  );
}
