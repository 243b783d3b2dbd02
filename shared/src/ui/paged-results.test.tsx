import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '../api/api-error';
import { PagedResults, type PagedQuery, type ResultsTexts } from './paged-results';

const TEXTS: ResultsTexts = {
  loading: 'Загружаем…',
  loadError: 'Не удалось загрузить заявки',
  emptyPage: 'На этой странице пусто',
  none: 'Ничего нет',
  noneDescription: 'Измените условия',
  total: (total) => `Найдено ${total}`,
};

function query(overrides: Partial<PagedQuery<string>> = {}): PagedQuery<string> {
  return { data: undefined, error: null, isPending: false, isError: false, isFetching: false, isRefetching: false, refetch: jest.fn(), ...overrides };
}

function renderResults(q: PagedQuery<string>, noneAction?: ReactNode) {
  return render(
    <MemoryRouter initialEntries={['/list?page=3']}>
      <PagedResults query={q} texts={TEXTS} hrefForPage={(page) => `/list?page=${page}`} skeleton={<p>скелет</p>} noneAction={noneAction}>
        {(items) => (
          <ul>
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </PagedResults>
    </MemoryRouter>,
  );
}

test('announces loading over the skeleton and marks the list busy', () => {
  const { container } = renderResults(query({ isPending: true }));
  expect(screen.getByRole('status')).toHaveTextContent('Загружаем…');
  expect(screen.getByText('скелет')).toBeInTheDocument();
  expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
});

test('shows the items, the total and the pagination', () => {
  renderResults(query({ data: { items: ['первый', 'второй'], total: 14, page: 1, limit: 2 } }));
  expect(screen.getByRole('status')).toHaveTextContent('Найдено 14');
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain('первый');
  expect(screen.getByRole('navigation', { name: 'Страницы' })).toBeInTheDocument();
});

test("an error says what failed (the catalogue's words) with the server's message under it, and a retry", () => {
  const refetch = jest.fn();
  renderResults(query({ isError: true, error: new ApiError({ status: 500, code: 'x', message: 'Сервер упал' }), refetch }));
  expect(screen.getByRole('alert')).toHaveTextContent(/^Не удалось загрузить заявкиСервер упал/);
  fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(refetch).toHaveBeenCalled();
});

test('past the last page leads to the first one; no match at all offers the given action or a filter reset', () => {
  const { unmount } = renderResults(query({ data: { items: [], total: 5, page: 3, limit: 2 } }));
  expect(screen.getByRole('link', { name: 'К первой странице' })).toHaveAttribute('href', '/list?page=1');
  unmount();

  const { unmount: unmount2 } = renderResults(query({ data: { items: [], total: 0, page: 1, limit: 2 } }));
  expect(screen.getByText('Ничего не найдено')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Сбросить фильтры' })).toHaveAttribute('href', '/list');
  unmount2();

  renderResults(query({ data: { items: [], total: 0, page: 1, limit: 2 } }), <a href="/new">Создать</a>);
  expect(screen.getByRole('link', { name: 'Создать' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Сбросить фильтры' })).not.toBeInTheDocument();
});

test('the words of the status region are heard once: an empty state with the same title hides it from screen readers', () => {
  const heard = (text: string) => screen.getAllByText(text).filter((node) => !node.closest('[aria-hidden="true"]'));
  const { unmount } = renderResults(query({ data: { items: [], total: 5, page: 3, limit: 2 } }));
  expect(screen.getAllByText('На этой странице пусто')).toHaveLength(2);
  expect(heard('На этой странице пусто')).toEqual([screen.getByRole('status')]);
  unmount();

  // Another title than the announcement stays readable.
  renderResults(query({ data: { items: [], total: 0, page: 1, limit: 2 } }));
  expect(screen.getByRole('status')).toHaveTextContent('Ничего нет');
  expect(heard('Ничего не найдено')).toHaveLength(1);
});
