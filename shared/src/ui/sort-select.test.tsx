import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { SORT_KEYBOARD_DELAY_MS, SortSelect, type SortDirection } from './sort-select';

type Field = 'createdAt' | 'price' | 'name';
const OPTIONS = [
  { field: 'createdAt', direction: 'desc', label: 'Сначала новые' },
  { field: 'price', direction: 'desc', label: 'Сначала дорогие' },
  { field: 'price', direction: 'asc', label: 'Сначала дешёвые' },
  { field: 'name', direction: 'asc', label: 'По названию' },
] as const;

/** A list page: the sort it applies is its state (the URL's, in the catalogue). */
function Page({ onChange }: { onChange: (sort: { attributeSort: Field; typeSort: SortDirection }) => void }) {
  const [sort, setSort] = useState<{ attributeSort: Field; typeSort: SortDirection }>({ attributeSort: 'createdAt', typeSort: 'desc' });
  return (
    <>
      <SortSelect
        options={OPTIONS}
        attributeSort={sort.attributeSort}
        typeSort={sort.typeSort}
        onChange={(next) => {
          onChange(next);
          setSort(next);
        }}
      />
      <button type="button" onClick={() => setSort({ attributeSort: 'name', typeSort: 'asc' })}>
        Сбросить
      </button>
    </>
  );
}

const select = () => screen.getByRole('combobox', { name: 'Сортировка' });

/** ArrowDown/ArrowUp on the closed select as Chromium handles it: the key, then `change` to the next option. */
function arrowTo(value: string, key = 'ArrowDown') {
  fireEvent.keyDown(select(), { key });
  fireEvent.change(select(), { target: { value } });
  fireEvent.keyUp(select(), { key });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => jest.runOnlyPendingTimers());
  jest.useRealTimers();
});

test('a pointer choice applies at once', () => {
  const onChange = jest.fn();
  render(<Page onChange={onChange} />);
  fireEvent.change(select(), { target: { value: 'price:asc' } });
  expect(onChange).toHaveBeenCalledTimes(1);
  expect(onChange).toHaveBeenCalledWith({ attributeSort: 'price', typeSort: 'asc' });
  expect(select()).toHaveValue('price:asc');
});

test('arrow keys on the closed select show each option but apply only the one they rest on', () => {
  const onChange = jest.fn();
  render(<Page onChange={onChange} />);
  select().focus();

  arrowTo('price:desc');
  expect(select()).toHaveValue('price:desc');
  expect(screen.getByRole('option', { name: 'Сначала дорогие' })).toHaveProperty('selected', true);
  act(() => jest.advanceTimersByTime(SORT_KEYBOARD_DELAY_MS - 100));
  arrowTo('price:asc');
  act(() => jest.advanceTimersByTime(SORT_KEYBOARD_DELAY_MS - 100));
  arrowTo('name:asc');
  expect(select()).toHaveValue('name:asc');
  act(() => jest.advanceTimersByTime(SORT_KEYBOARD_DELAY_MS - 1));
  expect(onChange).not.toHaveBeenCalled();

  act(() => jest.advanceTimersByTime(1));
  expect(onChange).toHaveBeenCalledTimes(1);
  expect(onChange).toHaveBeenCalledWith({ attributeSort: 'name', typeSort: 'asc' });
  expect(select()).toHaveValue('name:asc');
  expect(select()).toHaveFocus();
});

test('Enter applies the option reached at once, and leaving the select does too', () => {
  const onChange = jest.fn();
  render(<Page onChange={onChange} />);
  select().focus();

  arrowTo('price:desc');
  fireEvent.keyDown(select(), { key: 'Enter' });
  expect(onChange).toHaveBeenCalledTimes(1);
  expect(onChange).toHaveBeenLastCalledWith({ attributeSort: 'price', typeSort: 'desc' });
  act(() => jest.advanceTimersByTime(SORT_KEYBOARD_DELAY_MS * 2));
  expect(onChange).toHaveBeenCalledTimes(1);

  arrowTo('price:asc');
  fireEvent.blur(select());
  expect(onChange).toHaveBeenCalledTimes(2);
  expect(onChange).toHaveBeenLastCalledWith({ attributeSort: 'price', typeSort: 'asc' });
  act(() => jest.advanceTimersByTime(SORT_KEYBOARD_DELAY_MS * 2));
  expect(onChange).toHaveBeenCalledTimes(2);
  // Enter or a blur with nothing pending applies nothing.
  fireEvent.keyDown(select(), { key: 'Enter' });
  fireEvent.blur(select());
  expect(onChange).toHaveBeenCalledTimes(2);
});

test('arrowing away and back to the applied sort asks for nothing', () => {
  const onChange = jest.fn();
  render(<Page onChange={onChange} />);
  arrowTo('price:desc');
  arrowTo('createdAt:desc', 'ArrowUp');
  act(() => jest.advanceTimersByTime(SORT_KEYBOARD_DELAY_MS));
  expect(onChange).not.toHaveBeenCalled();
  expect(select()).toHaveValue('createdAt:desc');
});

test('a sort set from outside meanwhile (a reset, the URL) replaces the option the keys reached', () => {
  const onChange = jest.fn();
  render(<Page onChange={onChange} />);
  arrowTo('price:desc');
  fireEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
  expect(select()).toHaveValue('name:asc');
  act(() => jest.advanceTimersByTime(SORT_KEYBOARD_DELAY_MS));
  expect(onChange).not.toHaveBeenCalled();
  expect(select()).toHaveValue('name:asc');
  fireEvent.blur(select());
  expect(onChange).not.toHaveBeenCalled();
});

test('a select gone before the pause applies nothing', () => {
  const onChange = jest.fn();
  const { unmount } = render(<Page onChange={onChange} />);
  arrowTo('price:desc');
  unmount();
  act(() => jest.advanceTimersByTime(SORT_KEYBOARD_DELAY_MS));
  expect(onChange).not.toHaveBeenCalled();
});
