import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { bus, useSessionStore } from 'shared';
import { appQueryClient } from '../../session/app-query-client';
import { authData, ok, serveApi, setTestRuntimeConfig, testProfiles, testUser } from '../../testing/fake-api';
import { logInThroughDialog } from '../../testing/render-auth';
import { RootLayout } from './root-layout';

/*
 * QA: a screen-reader user who logged in (the dialog closed) or out heard nothing of it: no toast
 * says either, and the header changes silently. The layout's polite live region says it.
 */

function serve() {
  return serveApi({
    'POST login': () => ok(authData()),
    'GET user/get/token': () => ok(testUser()),
    'GET user/profile/list': () => ok({ items: testProfiles() }),
    'GET balance/get/token': () => ok({ profileId: 12, amount: 1500, currency: 'RUB' }),
    'GET notification/get-collection': () => ok({ items: [], total: 0, page: 1, limit: 10, unread: 0 }),
    'POST logout': () => ok({ ok: true }),
  });
}

function renderLayout(path: string) {
  const router = createMemoryRouter(
    [{ path: '/', element: <RootLayout />, children: [{ path: '*', element: <h1 tabIndex={-1}>Страница</h1> }] }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={appQueryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The layout's live region for the session (outside the header and the dialog, read by screen readers). */
function liveRegion() {
  const region = document.querySelector<HTMLElement>('[data-session-announcer]');
  if (!region) throw new Error('no session live region in the layout');
  return region;
}

const toasts: unknown[] = [];

beforeEach(() => {
  // The layout's ScrollPositions scrolls on navigation; jsdom has no scrolling.
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
  appQueryClient.clear();
  sessionStorage.clear();
  bus.clear();
  toasts.length = 0;
  bus.on('toast:show', (toast) => void toasts.push(toast));
});

afterEach(() => jest.restoreAllMocks());

test('after a login the layout’s polite live region says who is logged in, once the dialog has closed', async () => {
  serve();
  const router = renderLayout('/?auth=login');
  // There, empty, before anything is said: a region that appears with its words is not reliably read.
  expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
  expect(liveRegion()).toHaveTextContent('');
  await logInThroughDialog();
  await waitFor(() => expect(router.state.location.search).toBe(''));
  await waitFor(() => expect(liveRegion()).toHaveTextContent('Вы вошли как Иван Петров'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(liveRegion().closest('[aria-hidden="true"], [aria-modal="true"], [hidden]')).toBeNull();
});

test('after «Выйти» the layout’s polite live region says the user has logged out', async () => {
  serve();
  useSessionStore.getState().setTokens('access-1', 'refresh-1');
  const router = renderLayout('/lk');
  await userEvent.click(await screen.findByRole('button', { name: 'Выйти' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  await waitFor(() => expect(liveRegion()).toHaveTextContent('Вы вышли из аккаунта'));
  expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
  // Seen too, as the other tabs see theirs (spec §7, QA AAD-4); said once, by the region above.
  expect(toasts).toContainEqual({ type: 'success', message: 'Вы вышли из аккаунта', silent: true });
  expect(screen.getByRole('link', { name: 'Войти' })).toBeInTheDocument();
});

test('the words go after a while, and the same words are said again as news', async () => {
  jest.useFakeTimers();
  try {
    serve();
    renderLayout('/');
    const { announceSession } = await import('../../session/session-announcement');
    act(() => announceSession('Вы вышли из аккаунта'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    const first = liveRegion().firstElementChild;
    expect(liveRegion()).toHaveTextContent('Вы вышли из аккаунта');
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(liveRegion()).toHaveTextContent('');
    act(() => announceSession('Вы вышли из аккаунта'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(liveRegion()).toHaveTextContent('Вы вышли из аккаунта');
    expect(liveRegion().firstElementChild).not.toBe(first);
  } finally {
    jest.useRealTimers();
  }
});
