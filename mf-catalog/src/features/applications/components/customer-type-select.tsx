import { useId } from 'react';
import type { CustomerTypeFilter } from '../lib/application-filter';
import '../../../components/filters.css';

export interface CustomerTypeSelectProps {
  value: CustomerTypeFilter | undefined;
  onChange: (value: CustomerTypeFilter | undefined) => void;
}

/** The API's `type=customer` (its default) already includes organisations: only «organisations» narrows. */
export function CustomerTypeSelect({ value, onChange }: CustomerTypeSelectProps) {
  const id = useId();
  return (
    <div className="filter-field">
      <label className="filter-field__label" htmlFor={id}>
        Тип заказчика
      </label>
      <select
        id={id}
        value={value === 'organization' ? 'organization' : ''}
        onChange={(event) => onChange(event.currentTarget.value === 'organization' ? 'organization' : undefined)}
      >
        <option value="">Любой</option>
        <option value="organization">Только организации</option>
      </select>
    </div>
  );
}
