import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SCROLL_STORAGE_KEY, ScrollPositions } from './scroll-positions';

async function renderAt(path: string) {
  const page = () => (
    <>
      <ScrollPositions />
      <h1>Страница</h1>
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
