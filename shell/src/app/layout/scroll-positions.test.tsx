import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SCROLL_STORAGE_KEY, ScrollPositions } from './scroll-positions';

async function renderAt(path: string) {
  const page = () => (
    <>
      <ScrollPositions />
      <main>
        <h1>Страница</h1>
        <nav aria-label="Содержание">
          <a href="#statuses">Статусы заявки</a>
          <a href="#nowhere">Нет такого раздела</a>
        </nav>
        <h2 id="statuses">Статусы заявки</h2>
      </main>
    </>
  );
  // Each page has a loader, as the remotes' routes have: a navigation goes through 'loading'.
  const loader = () => null;
  const router = createMemoryRouter(
    [
      { path: '/lk/application', Component: page, loader },
      { path: '/lk/application/new', Component: page, loader },
      { path: '/application/:id', Component: page, loader },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  await act(async () => {
    await new Promise<void>((resolve) => (router.state.initialized ? resolve() : router.subscribe((state) => state.initialized && resolve())));
  });
  return { router, ...view };
}

/** The visitor scrolls the window to `y`. */
function scrollWindow(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

let scrollTo: jest.SpyInstance;
beforeEach(() => {
  scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  window.sessionStorage.clear();
});
afterEach(() => {
  scrollTo.mockRestore();
  scrollWindow(0);
});

test('a new page starts at the top; a change of the query alone keeps the place', async () => {
  const { router } = await renderAt('/lk/application/new');
  expect(scrollTo).not.toHaveBeenCalled();

  await act(() => router.navigate('/lk/application'));
  expect(scrollTo).toHaveBeenCalledTimes(1);
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

  await act(() => router.navigate('/lk/application?page=2'));
  expect(scrollTo).toHaveBeenCalledTimes(1);
});

test('Back and Forward put each page where the visitor left it, once it has rendered', async () => {
  const { router } = await renderAt('/lk/application');
  scrollWindow(640);
  await act(() => router.navigate('/application/7'));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  scrollWindow(120);

  await act(() => router.navigate(-1));
  expect(router.state.location.pathname).toBe('/lk/application');
  expect(scrollTo).toHaveBeenLastCalledWith(0, 640);

  await act(() => router.navigate(1));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 120);
});

test('a link to a part of the page is an entry of the app: the part is shown and has the focus, and Back puts the page where it was', async () => {
  const { router, getByRole } = await renderAt('/lk/application');
  const scrolledTo = jest.fn();
  Element.prototype.scrollIntoView = scrolledTo;
  try {
    scrollWindow(300);
    const entry = router.state.location.key;
    const part = getByRole('heading', { name: 'Статусы заявки' });

    await act(async () => void getByRole('link', { name: 'Статусы заявки' }).click());
    expect(router.state.location).toMatchObject({ pathname: '/lk/application', hash: '#statuses' });
    expect(router.state.location.key).not.toBe(entry);
    expect(scrolledTo.mock.contexts).toEqual([part]);
    expect(part).toHaveFocus();
    scrollWindow(4132);

    await act(() => router.navigate(-1));
    expect(router.state.location.key).toBe(entry);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
    await act(() => router.navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 4132);

    // A link to no part of the page is left to the browser.
    const before = router.state.location.key;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    await act(async () => void getByRole('link', { name: 'Нет такого раздела' }).dispatchEvent(click));
    expect(click.defaultPrevented).toBe(false);
    expect(router.state.location.key).toBe(before);
  } finally {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  }
});

test('Back from a part of the page gives the focus back to the link that led there; Forward gives it to the part again', async () => {
  const { router, getByRole } = await renderAt('/lk/application');
  Element.prototype.scrollIntoView = jest.fn();
  try {
    const link = getByRole('link', { name: 'Статусы заявки' });
    const part = getByRole('heading', { name: 'Статусы заявки' });
    link.focus();
    await act(async () => void link.click());
    expect(part).toHaveFocus();

    await act(() => router.navigate(-1));
    expect(link).toHaveFocus();
    await act(() => router.navigate(1));
    expect(part).toHaveFocus();
    // The window is put where it was by the saved position, not by the focus.
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
  } finally {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  }
});

test('the app restores its own entries; leaving the document gives the current one back to the browser, with the positions kept for the return', async () => {
  const { router, unmount } = await renderAt('/lk/application');
  expect(window.history.scrollRestoration).toBe('manual');
  scrollWindow(300);
  const key = router.state.location.key;

  window.dispatchEvent(new Event('pagehide'));
  expect(window.history.scrollRestoration).toBe('auto');
  expect(JSON.parse(window.sessionStorage.getItem(SCROLL_STORAGE_KEY)!)).toMatchObject({ [key]: 300 });
  window.dispatchEvent(new Event('pageshow'));
  expect(window.history.scrollRestoration).toBe('manual');
  unmount();
  expect(window.history.scrollRestoration).toBe('auto');
});

test('a page scrolled before the app listened (before hydration) is left where it was', async () => {
  Object.defineProperty(window, 'scrollY', { value: 480, configurable: true });
  const { router } = await renderAt('/lk/application');
  await act(() => router.navigate('/application/7'));
  await act(() => router.navigate(-1));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 480);
});

describe('after a reload, a page the browser renders itself', () => {
  let observers: Array<{ disconnected: boolean; callback: () => void }>;
  /** The page grows: what a ResizeObserver still observing is told. */
  const grow = () => observers.filter((o) => !o.disconnected).forEach((o) => o.callback());
  const withoutEntries = performance.getEntriesByType;
  const setHeight = (height: number) => Object.defineProperty(document.documentElement, 'scrollHeight', { value: height, configurable: true });

  beforeEach(() => {
    observers = [];
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
      disconnected = false;
      constructor(public callback: () => void) {
        observers.push(this);
      }
      observe() {}
      disconnect() {
        this.disconnected = true;
      }
    };
    // jsdom has no navigation timing: this document was reloaded.
    Object.defineProperty(performance, 'getEntriesByType', { value: () => [{ type: 'reload' }], configurable: true });
    // Where the visitor was when it reloaded; the page is not there yet.
    window.sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify({ default: 1500 }));
    setHeight(0);
  });
  afterEach(() => {
    delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
    Object.defineProperty(performance, 'getEntriesByType', { value: withoutEntries, configurable: true });
    setHeight(0);
  });

  test('is scrolled where the visitor was once it is tall enough', async () => {
    await renderAt('/lk/application');
    expect(scrollTo).not.toHaveBeenCalled();
    setHeight(1200);
    act(() => grow());
    expect(scrollTo).not.toHaveBeenCalled();
    setHeight(1500 + window.innerHeight);
    act(() => grow());
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1500);
    expect(observers[0]!.disconnected).toBe(true);
  });

  test('is left alone once the visitor scrolls or moves to another page first', async () => {
    await renderAt('/lk/application');
    window.dispatchEvent(new Event('wheel'));
    expect(observers[0]!.disconnected).toBe(true);

    window.sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify({ default: 1500 }));
    const { router } = await renderAt('/lk/application');
    await act(() => router.navigate('/application/7'));
    expect(observers[1]!.disconnected).toBe(true);
    setHeight(5000);
    act(() => grow());
    expect(scrollTo).not.toHaveBeenCalledWith(0, 1500);
  });
});
