import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-router-dom';
import { bus, useSessionStore, type RemoteRoute } from 'shared';
import { useUnsavedChangesGuard } from 'shared/lk';
import { createAppRouter, type Router } from '../app/router';
import { RELOAD_KEY } from '../features/reload/reload-guard';
import type { RemoteName } from '../remotes/registry';
import { appQueryClient } from '../session/app-query-client';
import { authData, ok, serveApi, setTestRuntimeConfig, testProfiles, testUser } from '../testing/fake-api';
import { GuardedForm } from '../testing/guarded-form';
import { logInThroughDialog } from '../testing/render-auth';
import { readGuardSession } from './read-session';

// The browser's own history (jsdom's), as the app's router uses it: what «Назад» does is the point.

const page = (text: string) => async () => ({ Component: () => <h1>{text}</h1> });

/** A form that saves by itself (a draft's autosave): what its `flush` saw of the session, as it was asked to save. */
const flushedWhile: { authenticated: boolean; loggedOut: boolean }[] = [];
function SelfSavingForm() {
  useUnsavedChangesGuard(false, {
    flush: async () => {
      flushedWhile.push({ authenticated: useSessionStore.getState().isAuthenticated(), loggedOut: logoutCalls() > 0 });
      return true;
    },
  });
  return <h1>Черновик</h1>;
}

let logoutCalls = () => 0;

const remoteRoutes: Partial<Record<RemoteName, RemoteRoute[]>> = {
  mf_catalog: [
    { path: '', lazy: page('Главная'), handle: { title: 'Главная' } },
    { path: 'contacts', lazy: page('Контакты'), handle: { title: 'Контакты' } },
  ],
  mf_cabinet: [
    { path: '', lazy: page('Личный кабинет'), handle: { title: 'Личный кабинет', guards: ['auth'] } },
    { path: 'profile', lazy: page('Профиль'), handle: { title: 'Профиль', guards: ['auth'] } },
    { path: 'organization', lazy: page('Организации'), handle: { title: 'Организации', guards: ['auth'] } },
    { path: 'form', lazy: async () => ({ Component: GuardedForm }), handle: { title: 'Профиль', guards: ['auth'] } },
    { path: 'draft', lazy: async () => ({ Component: SelfSavingForm }), handle: { title: 'Черновик', guards: ['auth'] } },
  ],
};

const mounts = [
  { name: 'mf_catalog', mount: '/' },
  { name: 'mf_cabinet', mount: '/lk' },
];

let router: Router | null = null;

/** The app loaded at `path` (a new entry in the history, as typing an address makes). */
function loadPage(path: string) {
  const api = serveApi({
    'POST login': () => ok(authData()),
    'GET user/get/token': () => ok(testUser()),
    'GET user/profile/list': () => ok({ items: testProfiles() }),
    'GET balance/get/token': () => ok({ profileId: 12, amount: 1500, currency: 'RUB' }),
    'GET notification/get-collection': () => ok({ items: [], total: 0, page: 1, limit: 10, unread: 0 }),
    'POST logout': () => ok({ ok: true }),
  });
  logoutCalls = () => api.callsTo('POST logout').length;
  window.history.pushState(null, '', path);
  const app = createAppRouter({ mounts, loadRoutes: async (remote) => remoteRoutes[remote] ?? [], readSession: readGuardSession });
  router = app;
  render(
    <QueryClientProvider client={appQueryClient}>
      <RouterProvider router={app} />
    </QueryClientProvider>,
  );
  return app;
}

/** The browser's «Назад», once the page it comes to has loaded. */
async function back(app: Router) {
  const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  window.history.back();
  await act(() => popped);
  await waitFor(() => expect(app.state.navigation.state).toBe('idle'));
}

const where = () => `${window.location.pathname}${window.location.search}`;

beforeEach(() => {
  window.sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
  appQueryClient.clear();
  bus.clear();
  // jsdom does not scroll; ScrollPositions restores a position on «Назад».
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  // The page the visitor was on before: another site's, or this one's before a reload.
  window.history.pushState(null, '', '/contacts');
});

afterEach(() => {
  router?.dispose();
  router = null;
  jest.restoreAllMocks();
});

describe('«Назад» around the guards', () => {
  it("a guest's page load of a cabinet page: the login dialog takes that page's entry, and «Назад» goes to the page before", async () => {
    const before = window.history.length;
    const app = loadPage('/lk/organization');
    expect(await screen.findByRole('dialog', { name: 'Вход' })).toBeInTheDocument();
    expect(where()).toBe('/?auth=login&redirect=%2Flk%2Forganization');
    expect(window.history.length).toBe(before + 1);

    await back(app);
    expect(where()).toBe('/contacts');
    expect(await screen.findByRole('heading', { name: 'Контакты' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('after a login from that dialog, «Назад» from the page asked for goes to the page before it, not to it again', async () => {
    const app = loadPage('/lk/profile');
    await logInThroughDialog();
    expect(await screen.findByRole('heading', { name: 'Профиль' })).toBeInTheDocument();
    expect(where()).toBe('/lk/profile');

    await back(app);
    expect(where()).toBe('/contacts');
    expect(await screen.findByRole('heading', { name: 'Контакты' })).toBeInTheDocument();
  });

  it("a guest's link to a cabinet page keeps the page the link was on: «Назад» from the dialog goes to it", async () => {
    const app = loadPage('/');
    expect(await screen.findByRole('heading', { name: 'Главная' })).toBeInTheDocument();
    await act(() => app.navigate('/lk/organization'));
    expect(await screen.findByRole('dialog', { name: 'Вход' })).toBeInTheDocument();
    expect(where()).toBe('/?auth=login&redirect=%2Flk%2Forganization');

    await back(app);
    expect(where()).toBe('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('after «Выйти» on a cabinet page, «Назад» goes back through the cabinet to the page before it, never round in a loop', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const app = loadPage('/contacts');
    expect(await screen.findByRole('heading', { name: 'Контакты' })).toBeInTheDocument();
    await act(() => app.navigate('/lk'));
    await act(() => app.navigate('/lk/profile'));
    expect(await screen.findByRole('heading', { name: 'Профиль' })).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Главная' })).toBeInTheDocument();

    // The profile page's entry gave way to '/'; the cabinet's own asks to log in again.
    await back(app);
    expect(where()).toBe('/?auth=login&redirect=%2Flk');
    expect(await screen.findByRole('dialog', { name: 'Вход' })).toBeInTheDocument();

    await back(app);
    expect(where()).toBe('/contacts');
    expect(await screen.findByRole('heading', { name: 'Контакты' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('after «Выйти» on a public page, «Назад» comes back to that page: it is still there to see', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const app = loadPage('/');
    expect(await screen.findByRole('heading', { name: 'Главная' })).toBeInTheDocument();
    await act(() => app.navigate('/contacts'));
    expect(await screen.findByRole('heading', { name: 'Контакты' })).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(where()).toBe('/'));
    await back(app);
    expect(where()).toBe('/contacts');
    expect(await screen.findByRole('heading', { name: 'Контакты' })).toBeInTheDocument();
  });

  it('«Выйти» with unsaved edits on a cabinet form asks first: «Отмена» keeps the session and the edits, «Уйти без сохранения» logs out', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    loadPage('/lk/form');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Имя' }), 'Анна');

    await userEvent.click(await screen.findByRole('button', { name: 'Выйти' }));
    let dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    expect(dialog).toHaveTextContent('Изменения профиля не сохранены и пропадут, если уйти со страницы.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useSessionStore.getState().isAuthenticated()).toBe(true);
    expect(where()).toBe('/lk/form');
    expect(screen.getByRole('textbox', { name: 'Имя' })).toHaveValue('Анна');

    await userEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Уйти без сохранения' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(useSessionStore.getState().isAuthenticated()).toBe(false);
    expect(await screen.findByRole('heading', { name: 'Главная' })).toBeInTheDocument();
    // Asked once: the way to '/' after the logout is not asked about again.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('«Выйти» on a form that saves by itself has its pending save made first, while the session still is (QA UU-1)', async () => {
    flushedWhile.length = 0;
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    loadPage('/lk/draft');
    expect(await screen.findByRole('heading', { name: 'Черновик' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(flushedWhile).toEqual([{ authenticated: true, loggedOut: false }]);
    expect(useSessionStore.getState().isAuthenticated()).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('«Выйти» on a cabinet form without edits logs out at once', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    loadPage('/lk/form');
    expect(await screen.findByRole('textbox', { name: 'Имя' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(useSessionStore.getState().isAuthenticated()).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
