import { QueryClient } from '@tanstack/react-query';
import { bus, expireSession, hydrateSessionFromCookies, setCookie, userKeys, useSessionStore } from 'shared';
import { settledGuardSession } from '../guards/read-session';
import { loadSession } from './load-session';
import { startSession } from './start-session';
import { ok, serveApi, setTestRuntimeConfig, testProfiles, testUser } from '../testing/fake-api';
import { fakeSocketFactory } from '../testing/fake-socket';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let stop: () => void = () => undefined;
let queryClient: QueryClient;
const router = { navigate: jest.fn() };

beforeEach(() => {
  setTestRuntimeConfig();
  bus.clear();
  useSessionStore.getState().clear();
  router.navigate.mockReset();
  queryClient = new QueryClient();
});

afterEach(() => stop());

function start(user = testUser(), profiles = testProfiles()) {
  const api = serveApi({
    'GET user/get/token': () => ok(user),
    'GET user/profile/list': () => ok({ items: profiles }),
    'POST token/renew': () => ok({ token: 'access-renewed', refresh_token: 'refresh-renewed' }),
    'PUT user/socket/update': () => ok({ ok: true }),
  });
  const sockets = fakeSocketFactory();
  hydrateSessionFromCookies();
  const loaded = loadSession(queryClient);
  stop = startSession({ router, queryClient, createSocket: sockets.factory });
  return { api, sockets, loaded };
}

it('logs in a browser holding the cookies: user and profiles into the store and the cache, socket connected', async () => {
  setCookie('token', 'access-1', 3600);
  setCookie('refresh_token', 'refresh-1', 3600);
  const { sockets } = start();
  await flush();
  await flush();
  const state = useSessionStore.getState();
  expect(state.user?.name).toBe('Иван Петров');
  expect(state.activeProfile?.id).toBe(12);
  expect(queryClient.getQueryData(userKeys.current())).toMatchObject({ id: 7 });
  expect(sockets.last()?.connect).toHaveBeenCalled();
});

it('renews first when only the refresh cookie is left', async () => {
  setCookie('refresh_token', 'refresh-1', 3600);
  const { api } = start();
  await flush();
  await flush();
  expect(api.callsTo('POST token/renew')).toHaveLength(1);
  expect(api.callsTo('GET user/get/token')[0]?.authorization).toBe('Bearer access-renewed');
  expect(useSessionStore.getState().user?.id).toBe(7);
});

it('the profile guard of the first page waits for the session load and sees no active profile', async () => {
  setCookie('token', 'access-1', 3600);
  setCookie('refresh_token', 'refresh-1', 3600);
  start(testUser({ activeProfileId: null }), []);
  // Right after start the profile is unknown: a route with only `auth` does not wait for it…
  expect((await settledGuardSession(false)).hasActiveProfile).toBeUndefined();
  // …but a route with `profile` decides on the loaded user.
  expect(await settledGuardSession(true)).toEqual({ isAuthenticated: true, hasActiveProfile: false });
});

it('asks nothing for a guest', async () => {
  const { api, sockets } = start();
  await flush();
  expect(api.calls).toHaveLength(0);
  expect(sockets.factory).not.toHaveBeenCalled();
});

it('on "Ошибка авторизации" clears the cached data and goes to /', async () => {
  setCookie('token', 'access-1', 3600);
  setCookie('refresh_token', 'refresh-1', 3600);
  start();
  await flush();
  await flush();
  expireSession('renewal-failed');
  expect(queryClient.getQueryData(userKeys.current())).toBeUndefined();
  expect(router.navigate).toHaveBeenCalledWith('/');
});
