import { Combobox, useLookup, type Address, type ComboboxOption } from 'shared';
import { ADDRESS_MIN_CHARS, useAddressSuggestions } from '../api/search-addresses';

export interface CitySelection {
  cityFiasId: string;
  name: string;
}

export interface CityComboboxProps {
  /** The chosen city's name ('' when none). */
  value: string;
  onChange: (city: CitySelection | null) => void;
  label?: string;
}

export const SUGGEST_DELAY_MS = 300;

/** Only suggestions that name a city can filter a list (the filter is the city's FIAS id). */
function toOptions(items: Address[]): ComboboxOption[] {
  const seen = new Set<string>();
  const options: ComboboxOption[] = [];
  for (const item of items) {
    if (!item.cityFiasId || seen.has(item.cityFiasId)) continue;
    seen.add(item.cityFiasId);
    options.push({ id: item.cityFiasId, label: item.value });
  }
  return options;
}

export function CityCombobox({ value, onChange, label = 'Город' }: CityComboboxProps) {
  const { query, result, status, offer, search } = useLookup(SUGGEST_DELAY_MS, useAddressSuggestions);
  const options = offer(query.length >= ADDRESS_MIN_CHARS && result.data ? toOptions(result.data.items) : []);

  return (
    <Combobox
      label={label}
      selectedLabel={value}
      options={options}
      status={status}
      minChars={ADDRESS_MIN_CHARS}
      placeholder="Начните вводить название"
      onSearch={search}
      onSelect={(option) => onChange(option ? { cityFiasId: option.id, name: option.label } : null)}
    />
  );
}
