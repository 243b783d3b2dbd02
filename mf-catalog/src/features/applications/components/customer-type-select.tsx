import { useId } from 'react';
import { CarriedParams, NoScriptSubmit } from '../../../components/carried-params';
import type { CustomerTypeFilter } from '../lib/application-filter';
import '../../../components/filters.css';

export interface CustomerTypeSelectProps {
  value: CustomerTypeFilter | undefined;
  onChange: (value: CustomerTypeFilter | undefined) => void;
}

/**
 * The API's `type=customer` (its default) already includes organisations: only «organisations» narrows.
 * A GET form of its own, as the sort's (SortForm): with scripts a choice applies at once; without
 * them «Показать» sends `type` with the page's other parameters, and the server renders that view.
 */
export function CustomerTypeSelect({ value, onChange }: CustomerTypeSelectProps) {
  const id = useId();
  return (
    <form method="get" className="filter-field" onSubmit={(event) => event.preventDefault()}>
      <label className="filter-field__label" htmlFor={id}>
        Тип заказчика
      </label>
      <CarriedParams except={['type']} />
      <select
        id={id}
        name="type"
        value={value === 'organization' ? 'organization' : ''}
        onChange={(event) => onChange(event.currentTarget.value === 'organization' ? 'organization' : undefined)}
      >
        <option value="">Любой</option>
        <option value="organization">Только организации</option>
      </select>
      <NoScriptSubmit what="заказчиков выбранного типа" />
    </form>
  );
}
