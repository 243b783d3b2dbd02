import { ADDRESS_SUGGEST_DELAY_MS, CITY_MIN_CHARS, CITY_PLACEHOLDER, Combobox, useCitySuggestions, useLookup, type Address, type ComboboxOption } from 'shared';

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

/** A catalogue's city filter: a city chosen from the suggestions; those that failed to load get «Повторить» (useLookup). */
export function CityCombobox({ value, onChange, label = 'Город' }: CityComboboxProps) {
  const { query, result, offer, combobox } = useLookup(ADDRESS_SUGGEST_DELAY_MS, useCitySuggestions);
  const options = offer(query.length >= CITY_MIN_CHARS && result.data ? toOptions(result.data.items) : []);

  return (
    <Combobox
      label={label}
      selectedLabel={value}
      {...combobox}
      options={options}
      minChars={CITY_MIN_CHARS}
      placeholder={CITY_PLACEHOLDER}
      onSelect={(option) => onChange(option ? { cityFiasId: option.id, name: option.label } : null)}
    />
  );
}
