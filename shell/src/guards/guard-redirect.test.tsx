import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { bus, useSessionStore, type RemoteRoute } from 'shared';
import { createAppRoutes, loadingHash } from '../app/router';
import { RELOAD_KEY } from '../features/reload/reload-guard';
import type { RemoteName } from '../remotes/registry';
import { appQueryClient } from '../session/app-query-client';
import { authData, ok, serveApi, setTestRuntimeConfig, testProfiles, testUser } from '../testing/fake-api';
import { logInThroughDialog } from '../testing/render-auth';
import { readGuardSession } from './read-session';

const ASKED_NOTICE = 'Чтобы открыть страницу «Баланс», выберите профиль — после этого она откроется.';

const page = (text: string) => async () => ({ Component: () => <h1>{text}</h1> });

const remoteRoutes: Partial<Record<RemoteName, RemoteRoute[]>> = {
  mf_catalog: [{ path: '', lazy: page('Главная'), handle: { title: 'Главная' } }],
  mf_cabinet: [
    { path: 'profile', lazy: page('Профиль'), handle: { title: 'Профиль', guards: ['auth'] } },
    { path: 'money', lazy: page('Баланс'), handle: { title: 'Баланс', guards: ['auth', 'profile'] } },
    { path: 'organization', lazy: page('Организации'), handle: { title: 'Организации', guards: ['auth'] } },
  ],
};

// Fake remotes on the mounts the runtime configuration gives the real ones.
const mounts = [
  { name: 'mf_catalog', mount: '/' },
  { name: 'mf_cabinet', mount: '/lk' },
];

function setup(path: string, user = testUser(), profiles = testProfiles()) {
  serveApi({
    'POST login': () => ok(authData(user)),
    'GET user/get/token': () => ok(user),
    'GET user/profile/list': () => ok({ items: profiles }),
    'GET balance/get/token': () => ok({ profileId: 12, amount: 1500, currency: 'RUB' }),
    'GET notification/get-collection': () => ok({ items: [], total: 0, page: 1, limit: 10, unread: 0 }),
  });
  const router = createMemoryRouter(
    createAppRoutes({
      mounts,
      loadRoutes: async (remote) => remoteRoutes[remote] ?? [],
      readSession: readGuardSession,
      readHash: (url) => loadingHash(router, url),
    }),
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={appQueryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  window.sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
  appQueryClient.clear();
  bus.clear();
});

describe('guards with the real session', () => {
  it('sends a guest to the login dialog and, after login, to the page asked for', async () => {
    const router = setup('/lk/money');
    await logInThroughDialog();
    expect(await screen.findByRole('heading', { name: 'Баланс' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lk/money');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('after login goes back to the whole address asked for, its query and #hash too', async () => {
    const router = setup('/lk/money?tab=history#withdrawal');
    expect(await screen.findByRole('dialog', { name: 'Вход' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/lk/money?tab=history#withdrawal');
    await logInThroughDialog();
    expect(await screen.findByRole('heading', { name: 'Баланс' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/lk/money', search: '?tab=history', hash: '#withdrawal' });
  });

  it('keeps the #hash of a link followed inside the app', async () => {
    const router = setup('/');
    expect(await screen.findByRole('heading', { name: 'Главная' })).toBeInTheDocument();
    await router.navigate('/lk/money#withdrawal');
    await logInThroughDialog();
    expect(await screen.findByRole('heading', { name: 'Баланс' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/lk/money', hash: '#withdrawal' });
  });

  it('after login sends a user without an active profile to /lk/profile', async () => {
    const router = setup('/lk/money', testUser({ activeProfileId: null }), []);
    await logInThroughDialog();
    expect(await screen.findByRole('heading', { name: 'Профиль' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lk/profile');
    expect(screen.getByRole('link', { name: 'Выбрать профиль' })).toHaveAttribute('href', '/lk/profile');
  });

  it('on «Профиль», tells a user without an active profile which page asked for one, once, through a live region there before it', async () => {
    const router = setup('/lk/money', testUser({ activeProfileId: null }), []);
    // The live region is on the page, empty, before its words come (one that appears with them is not reliably heard).
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    await logInThroughDialog();
    expect(await screen.findByRole('heading', { name: 'Профиль' })).toBeInTheDocument();
    expect(await within(region).findByText(ASKED_NOTICE)).toBeInTheDocument();
    expect(screen.getAllByText(ASKED_NOTICE)).toHaveLength(1);
    // The page asked for is where the profile page goes on to.
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/lk/money');
    await router.navigate('/');
    expect(await screen.findByRole('heading', { name: 'Главная' })).toBeInTheDocument();
    expect(screen.queryByText(ASKED_NOTICE)).not.toBeInTheDocument();
  });

  it('says nothing of a page asked for to a user who has a profile', async () => {
    setup('/lk/profile?redirect=%2Flk%2Fmoney');
    await logInThroughDialog();
    expect(await screen.findByRole('heading', { name: 'Профиль' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says nothing of a page asked for that needs no profile (after registration, the page goes on to it all the same)', async () => {
    setup('/lk/profile?redirect=%2Flk%2Forganization', testUser({ activeProfileId: null }), []);
    await logInThroughDialog();
    expect(await screen.findByRole('heading', { name: 'Профиль' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('knows the active profile of the stored user', () => {
    expect(readGuardSession()).toEqual({ isAuthenticated: false, hasActiveProfile: undefined });
    useSessionStore.getState().setTokens('a', 'r');
    expect(readGuardSession()).toEqual({ isAuthenticated: true, hasActiveProfile: undefined });
    useSessionStore.getState().setUser(testUser({ activeProfileId: null }));
    expect(readGuardSession().hasActiveProfile).toBe(false);
    useSessionStore.getState().setUser(testUser());
    expect(readGuardSession().hasActiveProfile).toBe(true);
  });
});

