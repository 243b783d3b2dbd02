import type { Ref } from 'react';
// The suggestions' query is the `shared` singleton's (the catalogue's city filters ask it too), reached by its name.
import { ADDRESS_MIN_CHARS, ADDRESS_SUGGEST_DELAY_MS, CITY_MIN_CHARS, CITY_NOT_CHOSEN_MESSAGE, CITY_PLACEHOLDER, Combobox, useAddressSuggestions, useCitySuggestions, useLookup, type Address } from 'shared';

/**
 * A form's message for an address field with text typed and no suggestion chosen (the field holds
 * no address until one is, or still the one chosen before): said in place of its «Укажите адрес»,
 * which the text seems to answer, and by `useUnchosenAddresses` when the form would submit it.
 */
export const ADDRESS_NOT_CHOSEN_MESSAGE = 'Выберите адрес из подсказок';

export interface AddressFieldProps {
  value: Address | undefined;
  onChange: (address: Address | undefined) => void;
  /** 'Адрес' unless told. */
  label?: string;
  hint?: string;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  /** The input's name: its form's field (`useUnchosenAddresses().field(name)` gives it). */
  name?: string;
  /**
   * Offer only cities, asked for as cities (`useCitySuggestions`), each once: a profile's city,
   * which the executor catalogue filters by. A city is looked up from two letters, as the
   * catalogue's city filter looks it up; a street address from three.
   */
  citiesOnly?: boolean;
  /**
   * The field's NOT_CHOSEN message while it holds typed text and no suggestion chosen, null once
   * it does not: `useUnchosenAddresses().field(name)`, by which the form refuses such text.
   */
  onUnchosenChange?: (message: string | null) => void;
}

/** The suggestions offered: each address once; with `citiesOnly`, those with a city, each city once. */
function offered(items: Address[], citiesOnly: boolean): Address[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = citiesOnly ? item.cityFiasId : item.value;
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * An address (or a city) chosen from the suggestions of `user/address/search` (spec §3 address
 * object). Every form with one says its missing address the same way: its own «Укажите адрес…»
 * while the field is empty, ADDRESS_NOT_CHOSEN_MESSAGE while text is typed and nothing chosen —
 * text that stays when the field is left, for the form to refuse (`useUnchosenAddresses`).
 * Suggestions that failed to load are asked for again by «Повторить» (shared `useLookup`).
 */
export function AddressField({
  value,
  onChange,
  label = 'Адрес',
  hint = 'Начните вводить адрес и выберите его из подсказок',
  error,
  inputRef,
  name,
  citiesOnly = false,
  onUnchosenChange,
}: AddressFieldProps) {
  const minChars = citiesOnly ? CITY_MIN_CHARS : ADDRESS_MIN_CHARS;
  const notChosen = citiesOnly ? CITY_NOT_CHOSEN_MESSAGE : ADDRESS_NOT_CHOSEN_MESSAGE;
  // Either hook asks one query (a city's bound to cities): the choice may change without breaking the rules of hooks.
  const lookup = useLookup(ADDRESS_SUGGEST_DELAY_MS, citiesOnly ? useCitySuggestions : useAddressSuggestions, inputRef);
  const items = lookup.query.length >= minChars ? offered(lookup.result.data?.items ?? [], citiesOnly) : [];
  const options = lookup.offer(items.map((item) => ({ id: item.value, label: item.value })));

  return (
    <Combobox
      label={label}
      name={name}
      selectedLabel={value?.value ?? ''}
      {...lookup.combobox}
      options={options}
      minChars={minChars}
      placeholder={citiesOnly ? CITY_PLACEHOLDER : 'Город, улица, дом'}
      hint={hint}
      error={error}
      // Over a chosen address too: typed over, it is no longer what the field says.
      unchosenError={notChosen}
      onUnchosenText={(text) => onUnchosenChange?.(text ? notChosen : null)}
      onSelect={(option) => onChange(option ? items.find((item) => item.value === option.id) : undefined)}
    />
  );
}
