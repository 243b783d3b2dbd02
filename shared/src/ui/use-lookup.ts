import { useState, type Ref } from 'react';
import type { ComboboxOption, ComboboxStatus } from './combobox';
import { useDebouncedValue } from './use-debounced-value';
import { useMergedRef } from './use-merged-ref';
import { useQueryRetry } from './use-query-retry';

/** What a lookup combobox reads of its suggestions' query (react-query's result, kept previous data). */
export interface LookupResult {
  data: unknown;
  error: unknown;
  isPending: boolean;
  isSuccess: boolean;
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
 * typing pauses for `delayMs`; `offer` narrows what was found to what fits the typed text
 * (suggestionsFor); `combobox` is the Combobox's own props, spread into it: its `status`, its
 * `onSearch` — after a failure any edit asks again, even one that brings the failed text back
 * before the pause has elapsed (the looked-up text then never changed) — and «Повторить» of
 * suggestions that failed to load (`onRetry`, `retrying`, shared `useQueryRetry`): the field stays
 * in its error while the same text is asked again, its button busy, nothing offered (not the
 * suggestions of an earlier text, kept meanwhile as placeholder data); once the text's own answer
 * has come, the focus is back in the input (`inputRef`, merged with the owner's `inputRef`, a
 * form's ref that focuses its invalid field) if the button had it.
 */
export function useLookup<R extends LookupResult>(delayMs: number, useSuggestions: (query: string) => R, inputRef?: Ref<HTMLInputElement>) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text, delayMs);
  const result = useSuggestions(query);
  // The retry is over once the text's own answer has come, not the suggestions of the text before it.
  const retry = useQueryRetry<HTMLInputElement>({
    isPending: result.isPending,
    isError: result.isError,
    isSuccess: result.isSuccess && !result.isPlaceholderData,
    isFetching: result.isFetching,
    error: result.error,
    refetch: result.refetch,
  });
  const ref = useMergedRef(retry.target, inputRef);
  const status: ComboboxStatus = retry.failed ? 'error' : result.isFetching || query !== text ? 'loading' : result.data ? 'ready' : 'idle';
  const answered = query === text && !result.isPlaceholderData;
  return {
    query,
    result,
    offer: <T extends ComboboxOption>(found: T[]): T[] => (retry.failed ? [] : suggestionsFor(found, text, answered)),
    combobox: {
      status,
      onSearch: (next: string) => {
        setText(next);
        if (result.isError && next === query) void result.refetch();
      },
      onRetry: retry.retry,
      retrying: retry.retrying,
      inputRef: ref,
    },
  };
}
