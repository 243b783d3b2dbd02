import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { SortOption } from 'shared';
import { SortForm } from './sort-form';

const OPTIONS: readonly SortOption<'name' | 'price'>[] = [
  { field: 'name', direction: 'asc', label: 'По названию, от А до Я' },
  { field: 'price', direction: 'desc', label: 'По цене, сначала дорогие' },
];

function renderAt(url: string, onChange = jest.fn()) {
  const view = render(
    <MemoryRouter initialEntries={[url]}>
      <SortForm options={OPTIONS} attributeSort="name" typeSort="asc" onChange={onChange} />
    </MemoryRouter>,
  );
  return { form: view.container.querySelector('form')!, onChange };
}

test('a GET form: its select is named sort, and it carries the rest of the view but the page and the old sort', () => {
  const { form } = renderAt('/application?services=3&attributeSort=price&typeSort=desc&sort=price:desc&page=4&query=окна');
  expect(form.method).toBe('get');
  expect(screen.getByRole('combobox', { name: 'Сортировка' })).toHaveAttribute('name', 'sort');
  const sent = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
  expect([...sent]).toEqual([
    ['services', '3'],
    ['query', 'окна'],
    ['sort', 'name:asc'],
  ]);
});

test('with scripts a choice applies at once and nothing is submitted', async () => {
  const { form, onChange } = renderAt('/application');
  const submit = jest.fn();
  form.addEventListener('submit', submit);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Сортировка' }), 'По цене, сначала дорогие');
  expect(onChange).toHaveBeenCalledWith({ attributeSort: 'price', typeSort: 'desc' });
  expect(submit).not.toHaveBeenCalled();
});
