import { profileTypeLabel } from '../../../lib/profile-type-label';
import { Combobox, useLookup } from 'shared';
import { CUSTOMER_MIN_CHARS, useCustomerSuggestions } from '../api/search-customers';

export interface CustomerSelection {
  id: number;
  name: string;
}

export interface CustomerComboboxProps {
  /** The chosen customer's name ('' when none). */
  value: string;
  onChange: (customer: CustomerSelection | null) => void;
}

/** The applications' customer filter: a customer chosen from the suggestions; those that failed to load get «Повторить» (useLookup). */
export function CustomerCombobox({ value, onChange }: CustomerComboboxProps) {
  const { query, result, offer, combobox } = useLookup(300, useCustomerSuggestions);
  const options = offer(
    query.length >= CUSTOMER_MIN_CHARS && result.data
      ? result.data.items.map((item) => ({ id: String(item.id), label: item.name, description: profileTypeLabel(item.type) }))
      : [],
  );

  return (
    <Combobox
      label="Заказчик"
      selectedLabel={value}
      {...combobox}
      options={options}
      minChars={CUSTOMER_MIN_CHARS}
      placeholder="Имя или организация"
      onSelect={(option) => onChange(option ? { id: Number(option.id), name: option.label } : null)}
    />
  );
}
