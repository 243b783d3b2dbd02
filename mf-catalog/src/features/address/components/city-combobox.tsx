import { useState, type FocusEvent } from 'react';
import { ADDRESS_SUGGEST_DELAY_MS, CITY_MIN_CHARS, CITY_NOT_CHOSEN_MESSAGE, CITY_PLACEHOLDER, Combobox, useCitySuggestions, useLookup, type Address, type ComboboxOption } from 'shared';

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

/**
 * A catalogue's city filter: a city chosen from the suggestions; those that failed to load get
 * «Повторить» (useLookup). Text typed and no city chosen filters nothing. Over a chosen city,
 * leaving the field brings that city back: the field says what the list is filtered by. With none
 * chosen there is nothing to bring back, and the text vanishing as the visitor moved on (to
 * «Применить» of the prices) looked like a city applied and ignored: it stays, said to be no choice.
 */
export function CityCombobox({ value, onChange, label = 'Город' }: CityComboboxProps) {
  const { query, result, offer, combobox } = useLookup(ADDRESS_SUGGEST_DELAY_MS, useCitySuggestions);
  const options = offer(query.length >= CITY_MIN_CHARS && result.data ? toOptions(result.data.items) : []);
  const [unchosen, setUnchosen] = useState<string | null>(null);
  // Left with that text: the message stays until the text is gone (a city chosen, emptied, Escape).
  const [left, setLeft] = useState(false);
  // A city chosen or dropped from outside (Back, its chip removed) replaces the text: it is gone.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setUnchosen(null);
    setLeft(false);
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    // The field's own «Повторить» is still the field.
    if (unchosen && !event.currentTarget.contains(event.relatedTarget)) setLeft(true);
  }

  return (
    <div className="city-combobox" onBlur={handleBlur}>
      <Combobox
        label={label}
        selectedLabel={value}
        {...combobox}
        options={options}
        minChars={CITY_MIN_CHARS}
        placeholder={CITY_PLACEHOLDER}
        error={left ? CITY_NOT_CHOSEN_MESSAGE : undefined}
        unchosenError={CITY_NOT_CHOSEN_MESSAGE}
        // Keeps the typed text when the field is left; only while no city is chosen (see above).
        onUnchosenText={
          value
            ? undefined
            : (text) => {
                setUnchosen(text);
                if (!text) setLeft(false);
              }
        }
        onSelect={(option) => onChange(option ? { cityFiasId: option.id, name: option.label } : null)}
      />
    </div>
  );
}
