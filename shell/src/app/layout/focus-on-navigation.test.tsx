import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router-dom';
import { ANNOUNCEMENT_KEPT_MS, useFocusNextPage } from 'shared';
import { FocusOnNavigation, HEADING_WAIT_MS } from './focus-on-navigation';

/** A detail page whose heading comes with its data, a moment after it is shown. */
function Detail() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <h1>Заявка № 7</h1> : <p>Загружаем…</p>;
}

/** A page that puts the focus in its first field itself. */
function Form() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <>
      <h1>Новая заявка</h1>
      <label>
        Название <input ref={field} />
      </label>
    </>
  );
}

/** A form whose busy submit leaves with its page (useFocusNextPage), to a page whose heading comes later. */
function Publish() {
  const navigate = useNavigate();
  const followed = useFocusNextPage();
  return (
    <>
      <h1>Новая заявка</h1>
      <button
        type="button"
        onClick={() => {
          followed();
          void navigate('/application/7');
        }}
      >
        Опубликовать
      </button>
    </>
  );
}

/** One component for the list and its search, as the catalogue's executors: a card's tag leads to the search. */
function Executors() {
  const search = useLocation().pathname.endsWith('/search');
  return (
    <>
      <h1>{search ? 'Поиск исполнителей' : 'Исполнители'}</h1>
      <Link to="/executor/search?services=13">Монтаж освещения</Link>
    </>
  );
}

function List() {
  return (
    <>
      <h1>Заявки</h1>
      <Link to="/application/7">Ремонт кровли</Link>
      <Link to="/application?page=2">Страница 2</Link>
      <Link to="/lk/application/new">Создать заявку</Link>
      {/* The catalogue's list under its map: the same application's page again. */}
      <section aria-label="Заявки на карте">
        <Link to="/application/7">На карте: Ремонт кровли</Link>
      </section>
    </>
  );
}

function Layout() {
  return (
    <>
      <FocusOnNavigation />
      <header>
        <Link to="/application/7">Заявка из шапки</Link>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        Component: Layout,
        children: [
          { path: '/application', Component: List },
          { path: '/application/:id', Component: Detail },
          { path: '/lk/application/new', Component: Form },
          { path: '/lk/application/publish', Component: Publish },
          { path: '/executor', Component: Executors },
          { path: '/executor/search', Component: Executors },
        ],
      },
    ],
    { initialEntries: ['/application'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const follow = (link: HTMLElement) => {
  link.focus();
  act(() => void fireEvent.click(link));
};

test('a link that goes with its page leaves the focus on the next page’s heading once it is there, not on the body', async () => {
  renderApp();
  follow(screen.getByRole('link', { name: 'Ремонт кровли' }));
  expect(document.body).toHaveFocus();
  // The heading comes with the data; the observer hears of it in a microtask.
  await act(async () => void jest.advanceTimersByTime(50));
  expect(screen.getByRole('heading', { name: 'Заявка № 7' })).toHaveFocus();
});

test('a focus the new page places itself is kept', () => {
  renderApp();
  follow(screen.getByRole('link', { name: 'Создать заявку' }));
  act(() => jest.advanceTimersByTime(HEADING_WAIT_MS));
  expect(screen.getByRole('textbox', { name: 'Название' })).toHaveFocus();
});

test('a link that stays (the header’s) keeps the focus, and a change of the query alone moves nothing', () => {
  renderApp();
  follow(screen.getByRole('link', { name: 'Страница 2' }));
  act(() => jest.advanceTimersByTime(HEADING_WAIT_MS));
  expect(screen.getByRole('link', { name: 'Страница 2' })).toHaveFocus();

  follow(screen.getByRole('link', { name: 'Заявка из шапки' }));
  act(() => jest.advanceTimersByTime(HEADING_WAIT_MS));
  expect(screen.getByRole('link', { name: 'Заявка из шапки' })).toHaveFocus();
});

test('a link of the header or footer that stays keeps the focus and says the new page once its heading is there; a link that goes says nothing', async () => {
  const router = renderApp();
  // The layout's live region that says a new page (polite, there before its words).
  const status = document.querySelector<HTMLElement>('[data-page-announcer]')!;
  expect(status).toHaveAttribute('aria-live', 'polite');
  follow(screen.getByRole('link', { name: 'Заявка из шапки' }));
  expect(status).toHaveTextContent('');
  await act(async () => void jest.advanceTimersByTime(50));
  expect(status).toHaveTextContent('Открыта страница «Заявка № 7»');
  expect(screen.getByRole('link', { name: 'Заявка из шапки' })).toHaveFocus();
  // Said, then gone: reading the page later does not meet it.
  act(() => jest.advanceTimersByTime(ANNOUNCEMENT_KEPT_MS));
  expect(status).toHaveTextContent('');

  act(() => void router.navigate('/application'));
  follow(screen.getByRole('link', { name: 'Ремонт кровли' }));
  await act(async () => void jest.advanceTimersByTime(50));
  expect(screen.getByRole('heading', { name: 'Заявка № 7' })).toHaveFocus();
  expect(status).toHaveTextContent('');
});

test('a visitor who presses a key while the page loads goes on from where he is', () => {
  renderApp();
  follow(screen.getByRole('link', { name: 'Ремонт кровли' }));
  act(() => jest.advanceTimersByTime(10));
  fireEvent.keyDown(document.body, { key: 'Tab' });
  act(() => jest.advanceTimersByTime(HEADING_WAIT_MS));
  expect(screen.getByRole('heading', { name: 'Заявка № 7' })).toBeInTheDocument();
  expect(document.body).toHaveFocus();
});

test('Back to a page left by a link puts the focus on that link again once it is shown (not on the heading)', async () => {
  const router = renderApp();
  follow(screen.getByRole('link', { name: 'Ремонт кровли' }));
  await act(async () => void jest.advanceTimersByTime(50));
  expect(screen.getByRole('heading', { name: 'Заявка № 7' })).toHaveFocus();

  (document.activeElement as HTMLElement).blur();
  await act(() => router.navigate(-1));
  await act(async () => void jest.advanceTimersByTime(10));
  expect(screen.getByRole('link', { name: 'Ремонт кровли' })).toHaveFocus();

  // Forward again: that page was left by no link of its own, its heading takes the focus.
  (document.activeElement as HTMLElement).blur();
  await act(() => router.navigate(1));
  await act(async () => void jest.advanceTimersByTime(50));
  expect(screen.getByRole('heading', { name: 'Заявка № 7' })).toHaveFocus();
});

test('Back puts the focus on the very link followed, not the first one to the same address (the list under the map, QA K-2)', async () => {
  const router = renderApp();
  follow(screen.getByRole('link', { name: 'На карте: Ремонт кровли' }));
  await act(async () => void jest.advanceTimersByTime(50));
  expect(screen.getByRole('heading', { name: 'Заявка № 7' })).toHaveFocus();

  (document.activeElement as HTMLElement).blur();
  await act(() => router.navigate(-1));
  await act(async () => void jest.advanceTimersByTime(10));
  expect(screen.getByRole('link', { name: 'На карте: Ремонт кровли' })).toHaveFocus();
});

test('a control that leaves with its page (useFocusNextPage) for one whose heading comes later: the heading, not its <main>', async () => {
  const router = renderApp();
  await act(() => router.navigate('/lk/application/publish'));
  const publish = screen.getByRole('button', { name: 'Опубликовать' });
  publish.focus();
  act(() => void fireEvent.click(publish));
  await act(async () => void jest.advanceTimersByTime(50));
  expect(screen.getByRole('heading', { name: 'Заявка № 7' })).toHaveFocus();
});

test('a followed link that stays because one component draws both paths (a list and its search) counts as gone: the heading', async () => {
  const router = renderApp();
  await act(() => router.navigate('/executor'));
  follow(screen.getByRole('link', { name: 'Монтаж освещения' }));
  await act(async () => void jest.advanceTimersByTime(10));
  expect(screen.getByRole('heading', { name: 'Поиск исполнителей' })).toHaveFocus();
});
