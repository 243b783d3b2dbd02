import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { bus, useSessionStore } from 'shared';
import { AuthDialogsWhenAsked } from '../../features/auth/auth-dialogs-when-asked';
import { setTestRuntimeConfig } from '../../testing/fake-api';
import { FocusLayout } from '../../testing/layout';

// Below 1280px the links stand in the menu, which a link closes: the link that had the focus is
// hidden with it, and the browser drops the focus to <body>. The keyboard goes on from the new
// page's heading instead, as after a link inside a page.

/** A page whose heading comes with its data, a moment after it is shown (a remote's list). */
function Executors() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <h1>Исполнители</h1> : <p>Загружаем…</p>;
}

/** The layout with the auth dialogs over it, as RootLayout has them. */
function LayoutWithDialogs() {
  return (
    <>
      <FocusLayout />
      <AuthDialogsWhenAsked />
    </>
  );
}

function renderApp(path: string, Layout = FocusLayout) {
  const router = createMemoryRouter(
    [
      {
        Component: Layout,
        children: [
          { path: '/about', element: <h1>О сервисе</h1> },
          { path: '/executor', Component: Executors },
          { path: '/service', element: <h1>Услуги</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Opens the menu and follows one of its links from the keyboard (Enter on a link is its click). */
function followFromMenu(name: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Меню' }));
  const link = screen.getByRole('navigation', { name: 'Основная навигация' }).querySelector<HTMLElement>(`a[href="/${name}"]`)!;
  link.focus();
  act(() => void fireEvent.click(link));
}

beforeEach(() => {
  jest.useFakeTimers();
  setTestRuntimeConfig();
  bus.clear();
  useSessionStore.getState().clear();
});
afterEach(() => jest.useRealTimers());

describe('a link of the menu (below 1280px)', () => {
  it("closes the menu and puts the focus on the new page's heading once it is shown", async () => {
    const router = renderApp('/about');
    followFromMenu('executor');
    expect(router.state.location.pathname).toBe('/executor');
    expect(screen.getByRole('button', { name: 'Меню' })).toHaveAttribute('aria-expanded', 'false');
    await act(async () => void jest.advanceTimersByTime(100));
    expect(screen.getByRole('heading', { name: 'Исполнители' })).toHaveFocus();
  });

  it('puts the focus on the heading when the link leads to the page already open (another search)', async () => {
    const router = renderApp('/service?page=2');
    followFromMenu('service');
    expect(router.state.location.search).toBe('');
    await act(async () => void jest.advanceTimersByTime(100));
    expect(screen.getByRole('heading', { name: 'Услуги' })).toHaveFocus();
  });
});

describe('a dialog opened from the menu (below 1280px)', () => {
  const focus = HTMLElement.prototype.focus;
  beforeEach(() => {
    // Below 1280px the closed menu is not displayed (layout.css), and a browser does not focus what
    // it does not display: its focus() is silently refused. jsdom lays nothing out; stood in for here.
    jest.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options?: FocusOptions) {
      if (!this.closest('#main-menu[data-open="false"]')) focus.call(this, options);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('«Регистрация» then Escape: the focus comes back to «Меню», the first time and every time after', async () => {
    renderApp('/about', LayoutWithDialogs);
    const menu = screen.getByRole('button', { name: 'Меню' });
    for (let time = 0; time < 3; time += 1) {
      menu.focus();
      fireEvent.click(menu);
      const link = screen.getByRole('link', { name: 'Регистрация' });
      link.focus();
      act(() => void fireEvent.click(link));
      const dialog = await screen.findByRole('dialog', { name: 'Регистрация' });
      expect(menu).toHaveAttribute('aria-expanded', 'false');
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(menu).toHaveFocus();
    }
  });
});

