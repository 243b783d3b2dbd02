import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Link, MemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { ApiError } from '../api/api-error';
import { PagedResults, type PagedQuery, type ResultsTexts } from './paged-results';
import { SLOW_READ_MS } from './slow-answer';
import { SLOW_ANSWER_TEXT } from './use-taking-long';

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

test('a list that hangs says so after SLOW_READ_MS, over its skeleton (QA CCC-1)', () => {
  jest.useFakeTimers();
  try {
    renderResults(query({ isPending: true }));
    expect(screen.queryByText(SLOW_ANSWER_TEXT)).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(SLOW_READ_MS));
    expect(screen.getByText(SLOW_ANSWER_TEXT)).toBeVisible();
    expect(screen.getByText('скелет')).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

test('the list is marked busy (and dimmed) only while it shows another answer than the one asked for: a live refresh of the same list is not', () => {
  const list = { items: ['первый', 'второй'], total: 14, page: 1, limit: 2 };
  // A notification or a reconnect reads the shown page again: the cards stay as they are.
  const refreshed = renderResults(query({ data: list, isFetching: true, isRefetching: true }));
  expect(refreshed.container.firstElementChild).toHaveAttribute('aria-busy', 'false');
  refreshed.unmount();
  // Another page or tab asked for, the previous one kept until it comes (keepPreviousData).
  const kept = renderResults(query({ data: list, isFetching: true, isPlaceholderData: true }));
  expect(kept.container.firstElementChild).toHaveAttribute('aria-busy', 'true');
});

test('shows the items, the total and the pagination', () => {
  renderResults(query({ data: { items: ['первый', 'второй'], total: 14, page: 1, limit: 2 } }));
  expect(screen.getByRole('status')).toHaveTextContent('Найдено 14');
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain('первый');
  expect(screen.getByRole('navigation', { name: 'Страницы' })).toBeInTheDocument();
});

test('over a total that is only the cap, a full page leads on («Вперёд») past the pages the count fills; a page not full ends the list', () => {
  const capped = { total: 10_000, limit: 2, totalExact: false };
  const { unmount } = renderResults(query({ data: { ...capped, items: ['первый', 'второй'], page: 5_000 } }));
  expect(screen.getByRole('link', { current: 'page' })).toHaveAccessibleName('Страница 5000');
  expect(screen.getByRole('link', { name: 'Вперёд' })).toHaveAttribute('href', '/list?page=5001');
  unmount();

  renderResults(query({ data: { ...capped, items: ['последний'], page: 7_777 } }));
  expect(screen.getByRole('link', { current: 'page' })).toHaveAccessibleName('Страница 7777');
  expect(screen.queryByRole('link', { name: 'Вперёд' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Страница 5000' })).not.toBeInTheDocument();
});

test("an error says what failed (the catalogue's words) with the server's message under it, and a retry", () => {
  const refetch = jest.fn();
  renderResults(query({ isError: true, error: new ApiError({ status: 500, code: 'x', message: 'Сервер упал' }), refetch }));
  expect(screen.getByRole('alert')).toHaveTextContent(/^Не удалось загрузить заявкиСервер упал/);
  fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(refetch).toHaveBeenCalled();
});

test('past the last page leads to the first one and the last; no match at all offers the given action or a filter reset', () => {
  const { unmount } = renderResults(query({ data: { items: [], total: 5, page: 9, limit: 2 } }));
  expect(screen.getByRole('link', { name: 'К первой странице' })).toHaveAttribute('href', '/list?page=1');
  expect(screen.getByRole('link', { name: 'К последней странице' })).toHaveAttribute('href', '/list?page=3');
  unmount();

  // One page only: the first is the last.
  const { unmount: unmountOne } = renderResults(query({ data: { items: [], total: 2, page: 3, limit: 2 } }));
  expect(screen.getByRole('link', { name: 'К первой странице' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'К последней странице' })).not.toBeInTheDocument();
  unmountOne();

  // A total that is only the cap names no last page: the way on is the last page the count fills.
  const { unmount: unmountCapped } = renderResults(query({ data: { items: [], total: 10_000, page: 9_999, limit: 2, totalExact: false } }));
  expect(screen.getByRole('link', { name: 'К первой странице' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'К последней странице' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'К странице 5\u00a0000' })).toHaveAttribute('href', '/list?page=5000');
  unmountCapped();

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
  expect(heard('На этой странице пусто').map((node) => node.closest('[role="status"]'))).toEqual([screen.getByRole('status')]);
  unmount();

  // Another title than the announcement stays readable.
  renderResults(query({ data: { items: [], total: 0, page: 1, limit: 2 } }));
  expect(screen.getByRole('status')).toHaveTextContent('Ничего нет');
  expect(heard('Ничего не найдено')).toHaveLength(1);
});

test('a new answer with the same count (another sort) is said again: a new node in the status region, not the same text left in place', () => {
  const list = (items: string[]) => (
    <MemoryRouter>
      <PagedResults query={query({ data: { items, total: 14, page: 1, limit: 2 } })} texts={TEXTS} hrefForPage={(page) => `/list?page=${page}`} skeleton={null}>
        {(shown) => <p>{shown.join()}</p>}
      </PagedResults>
    </MemoryRouter>
  );
  const { rerender } = render(list(['а', 'б']));
  const before = screen.getByRole('status').firstElementChild;
  rerender(list(['б', 'а']));
  const after = screen.getByRole('status').firstElementChild;
  expect(after).toHaveTextContent('Найдено 14');
  expect(after).not.toBe(before);
});

describe('where a visitor lands after choosing another page', () => {
  const PAGES = 3;
  let failing = false;
  /** Rows with no control of their own (a balance's history): the list takes the focus. */
  let plainRows = false;

  /** A catalogue of three pages of two links each, fetched for the page in the URL. */
  function Catalogue() {
    const params = new URLSearchParams(useLocation().search);
    const page = Number(params.get('page') ?? '1');
    const q = useQuery({
      queryKey: ['landing', page, params.get('tag')],
      queryFn: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (failing) throw new ApiError({ status: 500, code: 'x', message: 'Сервер упал' });
        return { items: [`стр. ${page}, первая`, `стр. ${page}, вторая`], total: PAGES * 2, page, limit: 2 };
      },
      retry: false,
    });
    return (
      <>
        <label>
          Поиск <input />
        </label>
        <PagedResults query={q} texts={TEXTS} hrefForPage={(p) => `/list?page=${p}`} skeleton={<p>скелет</p>}>
          {(items) =>
            plainRows ? (
              <ul tabIndex={-1} aria-label="Операции">
                {items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : (
              <ul>
                {items.map((item) => (
                  <li key={item}>
                    <a href={`#${item}`}>{item}</a>
                  </li>
                ))}
                <li>
                  <Link to="/list?tag=roof">Кровля</Link>
                </li>
              </ul>
            )
          }
        </PagedResults>
      </>
    );
  }

  function renderCatalogue(start: number, before: number[] = []) {
    const client = new QueryClient();
    const router = createMemoryRouter([{ path: '/list', element: <Catalogue /> }], {
      initialEntries: [...before, start].map((page) => `/list?page=${page}`),
      initialIndex: before.length,
    });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  }

  const pager = () => within(screen.getByRole('navigation', { name: 'Страницы' }));

  beforeEach(() => {
    failing = false;
    plainRows = false;
  });

  test('«Вперёд» to the last page (it turns into text there) puts the focus on the first result of that page', async () => {
    renderCatalogue(2);
    const next = await waitFor(() => pager().getByRole('link', { name: 'Вперёд' }));
    next.focus();
    fireEvent.click(next);
    await screen.findByRole('link', { name: 'стр. 3, первая' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'стр. 3, первая' })).toHaveFocus());
    expect(pager().queryByRole('link', { name: 'Вперёд' })).not.toBeInTheDocument();
  });

  test('while the chosen page loads (its skeleton in the pagination’s place) the focus waits on the list’s status, never on the body, and ends on its first result', async () => {
    renderCatalogue(1);
    const link = await waitFor(() => pager().getByRole('link', { name: 'Страница 2' }));
    // Where the focus is after each change of the page, as a screen reader would find it then.
    const seen: { onBody: boolean; loading: boolean; focused: string }[] = [];
    const observer = new MutationObserver(() =>
      seen.push({
        onBody: document.activeElement === document.body,
        loading: screen.queryByText('скелет') !== null,
        focused: document.activeElement?.textContent ?? '',
      }),
    );
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByRole('link', { name: 'стр. 2, первая' })).toHaveFocus());
    observer.disconnect();

    expect(seen.filter((moment) => moment.onBody)).toEqual([]);
    // The skeleton was shown meanwhile, and the focus was on what says the page is loading.
    const loading = seen.filter((moment) => moment.loading);
    expect(loading.length).toBeGreaterThan(0);
    expect(loading.map((moment) => moment.focused)).toContain('Загружаем…');
    expect(screen.getByRole('status')).not.toHaveAttribute('tabindex');
  });

  test('rows with no control: the focus waits on the status, then goes to the list, not back to the status', async () => {
    plainRows = true;
    renderCatalogue(1);
    const link = await waitFor(() => pager().getByRole('link', { name: 'Страница 3' }));
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    await waitFor(() => expect(screen.getByRole('list', { name: 'Операции' })).toHaveFocus());
    expect(screen.getByRole('list', { name: 'Операции' })).toHaveTextContent('стр. 3, первая');
  });

  test('a page number chosen from the bottom brings the list top into view', async () => {
    renderCatalogue(1);
    const link = await waitFor(() => pager().getByRole('link', { name: 'Страница 2' }));
    const results = link.closest('.ui-results') as HTMLElement;
    const scrolled = jest.fn();
    results.scrollIntoView = scrolled;
    jest.spyOn(results, 'getBoundingClientRect').mockReturnValue({ top: -800 } as DOMRect);
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByRole('link', { name: 'стр. 2, первая' })).toHaveFocus());
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
  });

  test('a link in the results to other results of the page (a card’s tag) lands on them too; one to the same results does not', async () => {
    renderCatalogue(2);
    const tag = await screen.findByRole('link', { name: 'Кровля' });
    tag.focus();
    fireEvent.click(tag);
    await waitFor(() => expect(screen.getByRole('link', { name: 'стр. 1, первая' })).toHaveFocus());

    // An in-page anchor is no request for other results: the focus stays on it.
    const anchor = screen.getByRole('link', { name: 'стр. 1, вторая' });
    anchor.focus();
    fireEvent.click(anchor);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(anchor).toHaveFocus();
  });

  test('a failed page puts the focus on its retry', async () => {
    renderCatalogue(1);
    const link = await waitFor(() => pager().getByRole('link', { name: 'Страница 3' }));
    failing = true;
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Повторить' })).toHaveFocus());
  });

  test('«Повторить» that brings the results lands on them', async () => {
    failing = true;
    renderCatalogue(1);
    const retry = await screen.findByRole('button', { name: 'Повторить' });
    failing = false;
    retry.focus();
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByRole('link', { name: 'стр. 1, первая' })).toHaveFocus());
  });

  test('Back and Forward between pages, which take the focus away with the results it was in, land on the first result as a chosen page does, the scroll left to the shell', async () => {
    const router = renderCatalogue(1);
    const link = await waitFor(() => pager().getByRole('link', { name: 'Страница 2' }));
    const results = link.closest('.ui-results') as HTMLElement;
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByRole('link', { name: 'стр. 2, первая' })).toHaveFocus());
    const scrolled = jest.fn();
    results.scrollIntoView = scrolled;
    jest.spyOn(results, 'getBoundingClientRect').mockReturnValue({ top: -800 } as DOMRect);

    // Page 1 is still cached: it is shown at once, in the render that removes the focused link.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('link', { name: 'стр. 1, первая' })).toHaveFocus());
    await act(() => router.navigate(1));
    await waitFor(() => expect(screen.getByRole('link', { name: 'стр. 2, первая' })).toHaveFocus());
    // ScrollPositions puts the window back where the visitor left each entry.
    expect(scrolled).not.toHaveBeenCalled();
  });

  test('Back to a page not loaded yet: the focus waits on the status, never on the body, and ends on its first result', async () => {
    const router = renderCatalogue(1, [3]);
    const first = await screen.findByRole('link', { name: 'стр. 1, первая' });
    first.focus();
    const seen: boolean[] = [];
    const observer = new MutationObserver(() => seen.push(document.activeElement === document.body));
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('link', { name: 'стр. 3, первая' })).toHaveFocus());
    observer.disconnect();
    expect(seen).not.toContain(true);
  });

  test('a focus the visitor moved meanwhile stays, and a page reached by Back moves nothing', async () => {
    const router = renderCatalogue(1);
    const link = await waitFor(() => pager().getByRole('link', { name: 'Страница 2' }));
    link.focus();
    fireEvent.click(link);
    const search = screen.getByRole('textbox', { name: 'Поиск' });
    search.focus();
    await screen.findByRole('link', { name: 'стр. 2, первая' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(search).toHaveFocus();

    (document.activeElement as HTMLElement).blur();
    await act(() => router.navigate(-1));
    await screen.findByRole('link', { name: 'стр. 1, первая' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.body).toHaveFocus();
  });
});
