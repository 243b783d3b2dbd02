import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { ApiError } from '../api/api-error';
import { focusPageStart } from './focus-fallback';
import { PageSkeleton, QueryView, type QueryViewResult } from './query-view';
import { SLOW_READ_MS } from './slow-answer';
import { SLOW_ANSWER_TEXT } from './use-taking-long';

const idle = { data: undefined, error: null, isPending: false, isError: false, isRefetching: false, refetch: jest.fn() };

function view(query: QueryViewResult<string[]>) {
  render(
    <MemoryRouter>
      <QueryView
        query={query}
        heading="Заявка"
        loadingLabel="Загружаем заявку…"
        errorFallback="Не удалось загрузить заявку"
        notFound={{ title: 'Заявка не найдена', description: 'Возможно, её сняли с публикации.', backTo: '/application', backLabel: 'К заявкам' }}
        isEmpty={(items) => items.length === 0}
        empty={{ title: 'Ничего не найдено' }}
      >
        {(items) => <h1>{items.join(', ')}</h1>}
      </QueryView>
    </MemoryRouter>,
  );
}

/** The view in a page's main part, whose h1 its focus goes to (focusPageStart). */
const page = (query: QueryViewResult<string[]>) => (
  <MemoryRouter>
    <main>
      <QueryView query={query} heading="Заявка" loadingLabel="Загружаем заявку…">
        {(items) => <h1>{items.join(', ')}</h1>}
      </QueryView>
    </main>
  </MemoryRouter>
);

describe('QueryView', () => {
  it('announces the loading as a status and shows no content yet, but the page\'s h1 (QA NN-1)', () => {
    view({ ...idle, isPending: true });
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем заявку…');
    // The title known before the data, for a screen reader that lands on the page or jumps by headings.
    const heading = screen.getByRole('heading', { level: 1, name: 'Заявка' });
    expect(heading).toHaveClass('ui-visually-hidden');
    expect(screen.getAllByRole('heading')).toEqual([heading]);
  });

  it('a read that hangs says so after SLOW_READ_MS, in the default skeleton and in a page\'s own (QA CCC-1)', () => {
    jest.useFakeTimers();
    try {
      view({ ...idle, isPending: true });
      act(() => jest.advanceTimersByTime(SLOW_READ_MS - 1));
      expect(screen.queryByText(SLOW_ANSWER_TEXT)).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByText(SLOW_ANSWER_TEXT)).toBeVisible();

      render(
        <MemoryRouter>
          <QueryView query={{ ...idle, isPending: true }} heading="Объекты" loadingLabel="Загружаем объекты…" skeleton={<p>скелет</p>}>
            {() => null}
          </QueryView>
        </MemoryRouter>,
      );
      act(() => jest.advanceTimersByTime(SLOW_READ_MS));
      expect(screen.getAllByText(SLOW_ANSWER_TEXT)).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a focus on the loading h1 goes on to the content\'s heading when the content comes, not to the body', () => {
    jest.useFakeTimers();
    try {
      const { rerender } = render(page({ ...idle, isPending: true }));
      // As the shell's FocusOnNavigation does for a page reached by a link that went with the last page.
      focusPageStart();
      expect(screen.getByRole('heading', { level: 1, name: 'Заявка' })).toHaveFocus();
      rerender(page({ ...idle, data: ['Ремонт кровли'] }));
      act(() => jest.runOnlyPendingTimers());
      expect(screen.getByRole('heading', { level: 1, name: 'Ремонт кровли' })).toHaveFocus();
    } finally {
      jest.useRealTimers();
    }
  });

  it('PageSkeleton gives a static title as a hidden h1, and none without one', () => {
    const { unmount } = render(<PageSkeleton label="Загружаем сотрудников…" title="Сотрудники" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Сотрудники' })).toHaveClass('ui-visually-hidden');
    unmount();
    render(<PageSkeleton label="Загружаем сотрудников…" />);
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('stands a skeleton shaped like the content in while loading, when the page gives one', () => {
    render(
      <QueryView query={{ ...idle, isPending: true }} heading="Заявка" loadingLabel="Загружаем заявку…" skeleton={<p role="status">Своя заготовка</p>}>
        {() => <h1>Заявка</h1>}
      </QueryView>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Своя заготовка');
    expect(screen.queryByText('Загружаем заявку…')).toBeNull();
  });

  it('shows an error as an alert with the fallback text, keeps the h1 and retries on «Повторить»', () => {
    const refetch = jest.fn();
    view({ ...idle, isError: true, error: new TypeError('Failed to fetch'), refetch });
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось загрузить заявку');
    expect(screen.getByRole('heading', { level: 1, name: 'Заявка' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('a retry that brings the content gives the focus, gone with «Повторить», to the page heading', () => {
    const failed = { ...idle, isError: true, error: new TypeError('Failed to fetch') };
    const { rerender } = render(page(failed));
    const retry = screen.getByRole('button', { name: 'Повторить' });
    retry.focus();
    fireEvent.click(retry);
    rerender(page({ ...failed, isRefetching: true }));
    expect(screen.getByRole('button', { name: 'Повторить' })).toHaveFocus();
    rerender(page({ ...idle, data: ['Ремонт кровли'] }));
    expect(screen.getByRole('heading', { level: 1, name: 'Ремонт кровли' })).toHaveFocus();
  });

  it('content shown without a retry takes no focus', () => {
    view({ ...idle, data: ['Ремонт кровли'] });
    expect(document.body).toHaveFocus();
  });

  it("says what failed (the page's own words) with the API's message under it", () => {
    view({ ...idle, isError: true, error: new ApiError({ status: 500, code: 'INTERNAL', message: 'Внутренняя ошибка сервера' }) });
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('.ui-state__title')).toHaveTextContent('Не удалось загрузить заявку');
    expect(alert.querySelector('.ui-state__description')).toHaveTextContent('Внутренняя ошибка сервера');
    expect(alert).not.toHaveTextContent('Не удалось загрузить данные');
  });

  it('a read again that fails in passing keeps the page shown; one that finds the thing gone or hidden does not (QA AAP-1, AAP-2)', () => {
    const shownWith = (error: unknown) => {
      const { unmount } = render(
        <MemoryRouter>
          <QueryView query={{ ...idle, data: ['Ремонт кровли'], isError: true, error }} heading="Заявка" loadingLabel="Загружаем заявку…" errorFallback="Не удалось загрузить заявку" notFound={{ title: 'Заявка не найдена', description: 'Её сняли с публикации.', backTo: '/application', backLabel: 'К заявкам' }}>
            {(items) => <h1>{items.join(', ')}</h1>}
          </QueryView>
        </MemoryRouter>,
      );
      const shown = screen.queryByRole('heading', { level: 1 })?.textContent;
      unmount();
      return shown;
    };
    const failure = (status: number) => new ApiError({ status, code: 'x', message: 'Сбой' });
    // Offline, no answer in time, too many requests, the server's own failure: the page stays.
    for (const status of [0, 429, 500, 503]) expect(shownWith(failure(status))).toBe('Ремонт кровли');
    // Gone: the not-found page; refused or unreadable: the error, as on a first load.
    expect(shownWith(failure(404))).toBe('Заявка не найдена');
    expect(shownWith(failure(403))).toBe('Заявка');
    expect(shownWith(new TypeError('Cannot read properties of undefined'))).toBe('Заявка');
  });

  it('turns a 404 into the not-found page with its h1 and a way back', () => {
    view({ ...idle, isError: true, error: new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Не найдено' }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Заявка не найдена' })).toBeInTheDocument();
    expect(document.title).toBe('Заявка не найдена — Маркетплейс услуг');
    expect(screen.getByRole('link', { name: 'К заявкам' })).toHaveAttribute('href', '/application');
    // Spec §2's 404 screen offers «На главную» too.
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('its «Назад» goes back to the page before, or home on the first page of a visit (spec §2: «На главную» and «Назад», QA Q-1)', async () => {
    const notFound = new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Не найдено' });
    const page = <QueryView query={{ ...idle, isError: true, error: notFound }} heading="Заявка" loadingLabel="Загружаем заявку…" errorFallback="Не удалось загрузить заявку" notFound={{ title: 'Заявка не найдена', description: 'Её сняли с публикации.', backTo: '/application', backLabel: 'К заявкам' }}>{() => null}</QueryView>;
    const routes = [
      { path: '/', element: <h1>Главная</h1> },
      { path: '/application', element: <h1>Заявки</h1> },
      { path: '/application/:id', element: page },
    ];
    const opened = createMemoryRouter(routes, { initialEntries: ['/application', '/application/99'], initialIndex: 1 });
    const { unmount } = render(<RouterProvider router={opened} />);
    fireEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Заявки' })).toBeInTheDocument();
    unmount();

    // The tab showed something before (the new-tab page, a search): still home, not out of the site (QA T-4).
    window.history.pushState({}, '', '/before-this-site');
    expect(window.history.length).toBeGreaterThan(1);
    const first = createMemoryRouter(routes, { initialEntries: ['/application/99'] });
    render(<RouterProvider router={first} />);
    fireEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Главная' })).toBeInTheDocument();
  });

  it('shows the empty state for an answer with nothing in it', () => {
    view({ ...idle, data: [] });
    expect(screen.getByText('Ничего не найдено')).toBeInTheDocument();
  });

  it('renders the content with the data', () => {
    view({ ...idle, data: ['Ремонт', 'Плитка'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Ремонт, Плитка' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
