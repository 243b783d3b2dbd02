import { useState } from 'react';
import type { ComboboxOption, ComboboxStatus } from './combobox';
import { useDebouncedValue } from './use-debounced-value';

/** What a lookup combobox reads of its suggestions' query (react-query's result, kept previous data). */
export interface LookupResult {
  data: unknown;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

const folded = (text: string) => text.toLocaleLowerCase('ru-RU').replaceAll('ё', 'е');

/**
 * What a lookup combobox offers for the typed text. An answer is for the text it was asked for;
 * until the one for the typed text has come (the pause in typing has not elapsed, or the previous
 * answer is kept while the next loads), only those of the previous suggestions that contain the
 * typed text stay on offer: refining «Ом» to «Омс» keeps «г Омск» in place, but «Каз» is never
 * offered — read out, counted and chosen by Enter — the cities found for «Ом».
 */
export function suggestionsFor<T extends ComboboxOption>(options: T[], text: string, answered: boolean): T[] {
  if (answered) return options;
  const typed = folded(text.trim());
  return options.filter((option) => folded(option.label).includes(typed));
}

/**
 * A lookup combobox's typing (the city, customer and address fields): the text is looked up once
 * typing pauses for `delayMs`; `status` for the Combobox; `offer` narrows what was found to what
 * fits the typed text (suggestionsFor); `search` is its onSearch — after a failure any edit asks
 * again, even one that brings the failed text back before the pause has elapsed (the looked-up
 * text then never changed).
 */
export function useLookup<R extends LookupResult>(delayMs: number, useSuggestions: (query: string) => R) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text, delayMs);
  const result = useSuggestions(query);
  const status: ComboboxStatus = result.isError ? 'error' : result.isFetching || query !== text ? 'loading' : result.data ? 'ready' : 'idle';
  const answered = query === text && !result.isPlaceholderData;
  return {
    query,
    result,
    status,
    offer: <T extends ComboboxOption>(found: T[]) => suggestionsFor(found, text, answered),
    search: (next: string) => {
      setText(next);
      if (result.isError && next === query) void result.refetch();
    },
  };
}
