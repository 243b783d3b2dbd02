import { useState, type Ref } from 'react';
import { Combobox, useDebouncedValue, type Address, type ComboboxStatus } from 'shared';
import { ADDRESS_MIN_CHARS, useAddressSuggestions } from './search-addresses';

export const SUGGEST_DELAY_MS = 300;

export interface AddressFieldProps {
  value: Address | undefined;
  onChange: (address: Address | undefined) => void;
  /** 'Адрес' unless told. */
  label?: string;
  hint?: string;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/** A street address chosen from the suggestions of `user/address/search` (spec §3 address object). */
export function AddressField({ value, onChange, label = 'Адрес', hint = 'Начните вводить адрес и выберите его из подсказок', error, inputRef }: AddressFieldProps) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text, SUGGEST_DELAY_MS);
  const { data, isError, isFetching } = useAddressSuggestions(query);
  const items = query.length >= ADDRESS_MIN_CHARS ? (data?.items ?? []) : [];
  const status: ComboboxStatus = isError ? 'error' : isFetching || query !== text ? 'loading' : data ? 'ready' : 'idle';

  return (
    <Combobox
      label={label}
      selectedLabel={value?.value ?? ''}
      options={items.map((item) => ({ id: item.value, label: item.value }))}
      status={status}
      minChars={ADDRESS_MIN_CHARS}
      placeholder="Город, улица, дом"
      hint={hint}
      error={error}
      inputRef={inputRef}
      onSearch={setText}
      onSelect={(option) => onChange(option ? items.find((item) => item.value === option.id) : undefined)}
    />
  );
}
