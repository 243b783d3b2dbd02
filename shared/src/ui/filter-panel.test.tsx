import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { FilterPanel } from './filter-panel';
import { SortSelect } from './sort-select';
import { useDebouncedValue } from './use-debounced-value';

test('the filter panel is a labelled region whose toggle tells how many filters are applied', () => {
  render(
    <FilterPanel activeCount={2}>
      <label>
        Город <input />
      </label>
    </FilterPanel>,
  );
  expect(screen.getByRole('region', { name: 'Фильтры' })).toBeInTheDocument();
  const toggle = screen.getByRole('button', { name: /Показать фильтры/ });
  expect(toggle).toHaveTextContent('выбрано 2');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  fireEvent.click(toggle);
  expect(screen.getByRole('button', { name: /Скрыть фильтры/ })).toHaveAttribute('aria-expanded', 'true');
});

test('the sort select hands over field and direction together', () => {
  const onChange = jest.fn();
  const options = [
    { field: 'name', direction: 'asc', label: 'По названию' },
    { field: 'price', direction: 'desc', label: 'Сначала дорогие' },
  ] as const;
  render(<SortSelect options={options} attributeSort="name" typeSort="asc" onChange={onChange} />);
  const select = screen.getByRole('combobox', { name: 'Сортировка' });
  expect(select).toHaveValue('name:asc');
  fireEvent.change(select, { target: { value: 'price:desc' } });
  expect(onChange).toHaveBeenCalledWith({ attributeSort: 'price', typeSort: 'desc' });
});

test('the debounced value follows only after the delay since the last change', () => {
  jest.useFakeTimers();
  try {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), { initialProps: { value: 'а' } });
    rerender({ value: 'аб' });
    act(() => jest.advanceTimersByTime(200));
    rerender({ value: 'абв' });
    act(() => jest.advanceTimersByTime(200));
    expect(result.current).toBe('а');
    act(() => jest.advanceTimersByTime(100));
    expect(result.current).toBe('абв');
  } finally {
    jest.useRealTimers();
  }
});
