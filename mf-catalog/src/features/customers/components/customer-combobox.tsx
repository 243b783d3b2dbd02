import { useState } from 'react';
import { profileTypeLabel } from '../../../lib/profile-type-label';
import { Combobox, useDebouncedValue, type ComboboxStatus } from 'shared';
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

export function CustomerCombobox({ value, onChange }: CustomerComboboxProps) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text, 300);
  const { data, isError, isFetching } = useCustomerSuggestions(query);
  const options =
    query.length >= CUSTOMER_MIN_CHARS && data
      ? data.items.map((item) => ({ id: String(item.id), label: item.name, description: profileTypeLabel(item.type) }))
      : [];
  const status: ComboboxStatus = isError ? 'error' : isFetching || query !== text ? 'loading' : data ? 'ready' : 'idle';

  return (
    <Combobox
      label="Заказчик"
      selectedLabel={value}
      options={options}
      status={status}
      minChars={CUSTOMER_MIN_CHARS}
      placeholder="Имя или название организации"
      onSearch={setText}
      onSelect={(option) => onChange(option ? { id: Number(option.id), name: option.label } : null)}
    />
  );
}
