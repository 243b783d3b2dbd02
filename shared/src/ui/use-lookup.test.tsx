import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef, type Ref } from 'react';
import { Combobox } from './combobox';
import { suggestionsFor, useLookup } from './use-lookup';

/**
 * The words found for a text: each call either answers at once (`answers`), fails (`failing`), or
 * waits until the test lets it answer (`held`).
 */
const source = {
  answers: new Map<string, string[]>(),
  failing: new Set<string>(),
  held: [] as Array<() => void>,
  holding: false,
  asked: [] as string[],
  reset() {
    this.answers.clear();
    this.failing.clear();
    this.held = [];
    this.holding = false;
    this.asked = [];
  },
  look(text: string): Promise<string[]> {
    this.asked.push(text);
    if (this.failing.has(text)) return Promise.reject(new Error('Ошибка'));
    const words = this.answers.get(text) ?? [];
    if (!this.holding) return Promise.resolve(words);
    return new Promise((resolve) => this.held.push(() => resolve(words)));
  },
};

function useWords(text: string) {
  return useQuery({
    queryKey: ['words', text],
    queryFn: () => source.look(text),
    enabled: text.length >= 2,
    placeholderData: keepPreviousData,
  });
}

function Field({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
  const lookup = useLookup(50, useWords, inputRef);
  const options = lookup.offer((lookup.result.data ?? []).map((word) => ({ id: word, label: word })));
  return <Combobox label="Слово" selectedLabel="" {...lookup.combobox} options={options} onSelect={() => undefined} />;
}

function renderField(inputRef?: Ref<HTMLInputElement>) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Field inputRef={inputRef} />
    </QueryClientProvider>,
  );
  const input = screen.getByRole('combobox', { name: 'Слово' });
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  return { input, type };
}

/** «Повторить» pressed from the keyboard: Tab to it (the field's own control), then Enter. */
function retryFromKeyboard(input: HTMLElement): HTMLElement {
  const retry = screen.getByRole('button', { name: 'Повторить' });
  fireEvent.blur(input, { relatedTarget: retry });
  retry.focus();
  source.holding = true;
  fireEvent.click(retry);
  return retry;
}

beforeEach(() => source.reset());

describe('suggestionsFor', () => {
  const options = [
    { id: '1', label: 'г Омск' },
    { id: '2', label: 'г Казань' },
    { id: '3', label: 'Ёлкино' },
  ];

  test('offers all of an answer to the text typed', () => {
    expect(suggestionsFor(options, 'Ом', true)).toEqual(options);
  });

  test('offers of an earlier text’s answer only what holds the typed text, whatever its case or ё', () => {
    expect(suggestionsFor(options, 'омс ', false)).toEqual([options[0]]);
    expect(suggestionsFor(options, 'елк', false)).toEqual([options[2]]);
    expect(suggestionsFor(options, 'Каз', false).map((option) => option.label)).toEqual(['г Казань']);
    expect(suggestionsFor(options, 'Тверь', false)).toEqual([]);
  });
});

describe('useLookup: «Повторить» of suggestions that failed to load', () => {
  test('asks for the same text again, busy and in place of the error meanwhile; with the answer, the focus is back in the field', async () => {
    source.failing.add('Омс');
    source.answers.set('Омс', ['г Омск']);
    const { input, type } = renderField();

    input.focus();
    type('Омс');
    expect(await screen.findByText('Не удалось загрузить подсказки')).toBeVisible();
    source.failing.delete('Омс');
    const retry = retryFromKeyboard(input);

    await waitFor(() => expect(source.held).toHaveLength(1));
    expect(retry).toBeInTheDocument();
    expect(retry).toHaveAttribute('aria-busy', 'true');
    expect(retry).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Не удалось загрузить подсказки');
    expect(input).toHaveValue('Омс');

    act(() => source.held.shift()!());
    expect(await screen.findByRole('option', { name: 'г Омск' })).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    expect(source.asked).toEqual(['Омс', 'Омс']);
  });

  test('while it asks again, the suggestions found for an earlier text are not offered, though they hold the text', async () => {
    source.answers.set('Ом', ['г Омск', 'Омская обл, г Тара']);
    source.failing.add('Омс');
    source.answers.set('Омс', ['г Омск', 'Омский р-н']);
    const { input, type } = renderField();

    input.focus();
    type('Ом');
    expect(await screen.findByRole('option', { name: 'г Омск' })).toBeInTheDocument();
    type('Омс');
    expect(await screen.findByText('Не удалось загрузить подсказки')).toBeVisible();
    source.failing.delete('Омс');
    retryFromKeyboard(input);

    await waitFor(() => expect(source.held).toHaveLength(1));
    // «г Омск» holds «Омс», but it was found for «Ом»: no answer to «Омс», not listed nor chosen.
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Не удалось загрузить подсказки');

    act(() => source.held.shift()!());
    expect(await screen.findByRole('option', { name: 'Омский р-н' })).toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  test('failing again, it stays with the focus, no longer busy, for another try', async () => {
    source.failing.add('Омс');
    const { input, type } = renderField();

    input.focus();
    type('Омс');
    expect(await screen.findByText('Не удалось загрузить подсказки')).toBeVisible();
    source.holding = false;
    const retry = screen.getByRole('button', { name: 'Повторить' });
    fireEvent.blur(input, { relatedTarget: retry });
    retry.focus();
    fireEvent.click(retry);

    await waitFor(() => expect(source.asked).toEqual(['Омс', 'Омс']));
    await waitFor(() => expect(retry).not.toHaveAttribute('aria-busy'));
    expect(retry).toBeInTheDocument();
    expect(retry).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Не удалось загрузить подсказки');
  });

  test('the field is still the owner’s ref too (a form focuses its invalid field by it)', () => {
    const ref = createRef<HTMLInputElement>();
    const { input } = renderField(ref);
    expect(ref.current).toBe(input);
  });
});
