import { QueryClient } from '@tanstack/react-query';
import { bus, getCookie, userKeys, useSessionStore } from 'shared';
import { signOut } from './sign-out';
import { fail, ok, serveApi, setTestRuntimeConfig, testProfiles, testUser } from '../testing/fake-api';

let queryClient: QueryClient;
let loggedOut: number;

beforeEach(() => {
  setTestRuntimeConfig();
  bus.clear();
  loggedOut = 0;
  bus.on('auth:logged-out', () => (loggedOut += 1));
  queryClient = new QueryClient();
  const store = useSessionStore.getState();
  store.setTokens('access-1', 'refresh-1');
  store.setUser(testUser());
  store.setProfiles(testProfiles() as never);
  queryClient.setQueryData(userKeys.current(), testUser());
});

it('revokes the refresh token on the server and clears cookies, store and cache', async () => {
  const api = serveApi({ 'POST logout': () => ok({ ok: true }) });
  await signOut(queryClient);

  expect(api.callsTo('POST logout').map((c) => c.body)).toEqual([{ refresh_token: 'refresh-1' }]);
  expect(getCookie('token')).toBeNull();
  expect(getCookie('refresh_token')).toBeNull();
  expect(useSessionStore.getState()).toMatchObject({ token: null, refreshToken: null, user: null, profiles: [], activeProfile: null });
  expect(queryClient.getQueryData(userKeys.current())).toBeUndefined();
  expect(loggedOut).toBe(1);
});

it('ends the local session even when the logout call fails, without an "Ошибка авторизации" toast', async () => {
  const toasts: unknown[] = [];
  bus.on('toast:show', (t) => toasts.push(t));
  const api = serveApi({ 'POST logout': () => fail(401, 'Сессия уже завершена') });
  await expect(signOut(queryClient)).resolves.toBeUndefined();
  expect(api.callsTo('POST logout')).toHaveLength(1);
  expect(api.callsTo('POST token/renew')).toHaveLength(0);
  expect(useSessionStore.getState().isAuthenticated()).toBe(false);
  // Its own success only (spec §7, QA AAD-4): the failed call is not the user's concern.
  expect(toasts).toEqual([{ type: 'success', message: 'Вы вышли из аккаунта', silent: true }]);
});
