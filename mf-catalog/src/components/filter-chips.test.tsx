import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useSearchParams } from 'react-router-dom';
import { FilterChips } from './filter-chips';

/** A page with a search field and the chips of three filters, each removable. */
function Page({ withSearch = true }: { withSearch?: boolean }) {
  const [keys, setKeys] = useState(['query', 'city', 'services']);
  const labels: Record<string, string> = { query: '«Иван»', city: 'Город: Казань', services: 'Услуги: Клининг' };
  return (
    <main>
      <h1>Исполнители</h1>
      {withSearch && (
        <form role="search" aria-label="Поиск исполнителей">
          <input type="search" aria-label="Поиск" />
        </form>
      )}
      <FilterChips chips={keys.map((key) => ({ key, label: labels[key]!, onRemove: () => setKeys((all) => all.filter((k) => k !== key)) }))} resetTo="/executor" />
    </main>
  );
}

const chip = (label: string) => screen.getByRole('button', { name: `Убрать фильтр ${label}` });

test('a removed chip hands the focus to the one in its place, then the one before; the last to the search field', async () => {
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
  await userEvent.click(chip('Город: Казань'));
  expect(chip('Услуги: Клининг')).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(chip('«Иван»')).toHaveFocus();
  await userEvent.keyboard(' ');
  expect(screen.queryByRole('group', { name: 'Выбранные фильтры' })).not.toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveFocus();
});

test('without a search field the last chip hands the focus to the page heading', async () => {
  render(
    <MemoryRouter>
      <Page withSearch={false} />
    </MemoryRouter>,
  );
  for (const label of ['«Иван»', 'Город: Казань', 'Услуги: Клининг']) await userEvent.click(chip(label));
  expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  expect(document.body).not.toHaveFocus();
});

/** The chips of the filters in the URL, as the catalogues' pages derive them. */
function UrlPage() {
  const [params, setParams] = useSearchParams();
  const chips = [...params.keys()].map((key) => ({
    key,
    label: `${key}: ${params.get(key)}`,
    onRemove: () =>
      setParams((all) => {
        all.delete(key);
        return all;
      }),
  }));
  return (
    <main>
      <h1>Исполнители</h1>
      <form role="search" aria-label="Поиск исполнителей">
        <input type="search" aria-label="Поиск" />
      </form>
      <FilterChips chips={chips} resetTo="/executor" />
    </main>
  );
}

test('«Сбросить фильтры» by the chips hands the focus to the search field: the link is gone with the chips', async () => {
  render(
    <MemoryRouter initialEntries={['/executor?query=Иван&city=Казань']}>
      <Routes>
        <Route path="/executor" element={<UrlPage />} />
      </Routes>
    </MemoryRouter>,
  );
  const reset = screen.getByRole('link', { name: 'Сбросить фильтры' });
  reset.focus();
  await userEvent.keyboard('{Enter}');
  expect(screen.queryByRole('group', { name: 'Выбранные фильтры' })).not.toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveFocus();
});

/** Where a chip's button goes in a browser without scripts: the GET its form sends, else nowhere. */
function noScriptTarget(button: HTMLElement): string | null {
  const form = button.closest('form');
  if (!form || button.getAttribute('type') !== 'submit' || (form.getAttribute('method') ?? 'get').toLowerCase() !== 'get') return null;
  const search = new URLSearchParams(new FormData(form) as unknown as string[][]).toString();
  return `${new URL(form.action).pathname}?${search}`;
}

test('without scripts each chip is still a button that loads the page without its filter, back on page 1', () => {
  const url = `/application?query=${encodeURIComponent('Иван')}&address=fias-1&addressName=${encodeURIComponent('г Казань')}&sort=price:desc&page=3`;
  window.history.replaceState(null, '', url);
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/application"
          element={
            <FilterChips
              chips={[
                { key: 'query', label: '«Иван»', onRemove: () => {} },
                { key: 'address', params: ['address', 'addressName'], label: 'Город: г Казань', onRemove: () => {} },
              ]}
              resetTo="/application"
            />
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  const search = (params: Record<string, string>) => new URLSearchParams(params).toString();
  expect(noScriptTarget(chip('«Иван»'))).toBe(`/application?${search({ address: 'fias-1', addressName: 'г Казань', sort: 'price:desc' })}`);
  expect(noScriptTarget(chip('Город: г Казань'))).toBe(`/application?${search({ query: 'Иван', sort: 'price:desc' })}`);
  window.history.replaceState(null, '', '/');
});

test('what a visitor typed or a record names is isolated for the bidirectional algorithm, the chip\'s own words are not (QA AAP-9)', () => {
  const labels = ['«Ремонт שלום 5»', 'Город: Казань', 'Заказчик: ООО «Ромашка»', 'Цена от 5 000 ₽'];
  render(
    <MemoryRouter>
      <FilterChips chips={labels.map((label) => ({ key: label, label, onRemove: () => {} }))} resetTo="/application" />
    </MemoryRouter>,
  );
  const isolated = (label: string) => [...screen.getByRole('button', { name: `Убрать фильтр ${label}` }).querySelectorAll('bdi')].map((bdi) => bdi.textContent);
  expect(labels.map(isolated)).toEqual([['Ремонт שלום 5'], ['Казань'], ['ООО «Ромашка»'], []]);
  // Read as before: the same words, and the same name.
  expect(screen.getByRole('button', { name: 'Убрать фильтр «Ремонт שלום 5»' })).toHaveTextContent('«Ремонт שלום 5» ×');
});
