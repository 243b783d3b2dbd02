import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ScrollToTopOnNewPage } from './scroll-to-top';

function renderAt(path: string) {
  const page = () => (
    <>
      <ScrollToTopOnNewPage />
      <h1>Страница</h1>
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/lk/application', Component: page },
      { path: '/lk/application/new', Component: page },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

test('a new page starts at the top; Back and a change of the query alone keep the place', async () => {
  const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const router = renderAt('/lk/application/new');
  expect(scrollTo).not.toHaveBeenCalled();

  await act(() => router.navigate('/lk/application'));
  expect(scrollTo).toHaveBeenCalledTimes(1);
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

  await act(() => router.navigate('/lk/application?page=2'));
  expect(scrollTo).toHaveBeenCalledTimes(1);

  await act(() => router.navigate(-2));
  expect(router.state.location.pathname).toBe('/lk/application/new');
  expect(scrollTo).toHaveBeenCalledTimes(1);
  scrollTo.mockRestore();
});
