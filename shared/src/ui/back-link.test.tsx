import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createBrowserRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { BackLink, useLeaveSpentPage } from './back-link';

test('a link back whose name is its words: the arrow is hidden from screen readers', () => {
  render(
    <MemoryRouter>
      <BackLink to="/lk/application" className="msg-back">
        Мои заявки
      </BackLink>
    </MemoryRouter>,
  );
  const link = screen.getByRole('link', { name: 'Мои заявки' });
  expect(link).toHaveAttribute('href', '/lk/application');
  expect(link).toHaveClass('ui-back-link', 'msg-back');
  expect(link).toHaveTextContent('←Мои заявки');
  expect(link.firstElementChild).toHaveAttribute('aria-hidden', 'true');
});

function SavedForm() {
  const leave = useLeaveSpentPage();
  return (
    <button type="button" onClick={() => leave('/lk/facility/5')}>
      Сохранить
    </button>
  );
}

describe('following the way back', () => {
  // The browser's Navigation API (jsdom has none): the session's entries by react-router's index.
  let urls: string[] = [];
  const index = () => (window.history.state as { idx?: number } | null)?.idx ?? 0;
  beforeEach(() => {
    urls = [];
    const push = window.history.pushState.bind(window.history);
    const replace = window.history.replaceState.bind(window.history);
    jest.spyOn(window.history, 'pushState').mockImplementation((state, unused, url) => {
      push(state, unused, url);
      urls.splice(index(), Infinity, window.location.href);
    });
    jest.spyOn(window.history, 'replaceState').mockImplementation((state, unused, url) => {
      replace(state, unused, url);
      urls[index()] = window.location.href;
    });
    Object.defineProperty(window, 'navigation', {
      configurable: true,
      value: { get currentEntry() { return { index: index() }; }, entries: () => urls.map((url) => ({ url })) },
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    delete (window as { navigation?: unknown }).navigation;
  });

  function renderApp(start: string) {
    window.history.replaceState(null, '', start);
    const router = createBrowserRouter([
      { path: '/lk/message', element: <BackLink to="/lk/message">Назад к диалогам</BackLink> },
      { path: '/lk/application', element: <p>Мои заявки</p> },
      { path: '/lk/facility/5', element: <p>Объект</p> },
      { path: '/lk/facility/form', Component: SavedForm },
    ]);
    render(<RouterProvider router={router} />);
    return router;
  }
  const entry = () => ({ at: window.location.pathname + window.location.search, idx: index() });

  it('came from the list it links to: goes back to it, so Back does not return to where it was', async () => {
    const router = renderApp('/lk/message');
    await act(() => router.navigate('/lk/message?messagingId=1'));
    expect(entry()).toEqual({ at: '/lk/message?messagingId=1', idx: 1 });
    const link = screen.getByRole('link', { name: 'Назад к диалогам' });
    expect(link).toHaveAttribute('href', '/lk/message');
    fireEvent.click(link);
    await waitFor(() => expect(entry()).toEqual({ at: '/lk/message', idx: 0 }));
  });

  it('came from elsewhere or opened at once: goes to the list as a new entry', async () => {
    const router = renderApp('/lk/application');
    await act(() => router.navigate('/lk/message?messagingId=1'));
    fireEvent.click(screen.getByRole('link', { name: 'Назад к диалогам' }));
    await waitFor(() => expect(entry()).toEqual({ at: '/lk/message', idx: 2 }));
  });

  it('opened as the first page: goes to the list as a new entry', async () => {
    renderApp('/lk/message?messagingId=1');
    fireEvent.click(screen.getByRole('link', { name: 'Назад к диалогам' }));
    await waitFor(() => expect(entry()).toEqual({ at: '/lk/message', idx: 1 }));
  });

  it('a form saved that came from the page it leads to steps back to it: Back then goes where it went before, not to that page twice', async () => {
    const router = renderApp('/lk/application');
    await act(() => router.navigate('/lk/facility/5'));
    await act(() => router.navigate('/lk/facility/form?id=5'));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(entry()).toEqual({ at: '/lk/facility/5', idx: 1 }));
    await act(() => router.navigate(-1));
    expect(entry()).toEqual({ at: '/lk/application', idx: 0 });
  });

  it('a form saved that was opened elsewhere (or first) gives its entry to the page it leads to: Back does not open the spent form', async () => {
    const router = renderApp('/lk/application');
    await act(() => router.navigate('/lk/facility/form?id=5'));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(entry()).toEqual({ at: '/lk/facility/5', idx: 1 }));
    await act(() => router.navigate(-1));
    expect(entry()).toEqual({ at: '/lk/application', idx: 0 });
  });
});
