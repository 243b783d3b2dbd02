import { QueryClient } from '@tanstack/react-query';
import { bus, setCookie, userKeys, useSessionStore } from 'shared';
import { otherTabOnSessionChannel } from 'shared/testing';
import { completeLogin } from './complete-login';
import { listenForLoginElsewhere } from './login-elsewhere';
import { startSession } from './start-session';
import { ok, serveApi, setTestRuntimeConfig, testProfiles, testUser } from '../testing/fake-api';
import { fakeSocketFactory } from '../testing/fake-socket';

// Logging in in one tab reaches this browser's other tabs (defect: a guest's tab kept «Войти» and
// its login dialog, and a second login there opened a second session).

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const settle = async () => {
  for (let i = 0; i < 5; i++) await flush();
};

const otherTab = otherTabOnSessionChannel();
let stop: () => void = () => undefined;
let queryClient: QueryClient;
let loggedIn: unknown[];
const router = { navigate: jest.fn() };

beforeEach(() => {
  setTestRuntimeConfig();
  bus.clear();
  loggedIn = [];
  bus.on('auth:logged-in', (event) => loggedIn.push(event));
  useSessionStore.getState().clear();
  router.navigate.mockReset();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(() => {
  stop();
});

const sessionApi = (user = testUser()) =>
  serveApi({
    'GET user/get/token': () => ok(user),
    'GET user/profile/list': () => ok({ items: testProfiles() }),
    'PUT user/socket/update': () => ok({ ok: true }),
    'POST login': () => ok({ token: 'access-1', refresh_token: 'refresh-1', user }),
  });

/** The other tab has logged in: the shared cookies hold its pair before it tells. */
function otherTabLogsIn(userId = 7) {
  setCookie('token', 'access-9', 3600);
  setCookie('refresh_token', 'refresh-9', 3600);
  otherTab().postMessage({ type: 'login', userId });
}

it('a login here tells the other tabs who logged in', async () => {
  sessionApi();
  const heard: unknown[] = [];
  otherTab().addEventListener('message', (event) => heard.push(event.data));
  await completeLogin({ token: 'access-1', refresh_token: 'refresh-1', user: testUser() } as never, queryClient);
  await flush();
  expect(heard).toEqual([{ type: 'login', userId: 7 }]);
});

it("a guest's tab takes up the session another tab opened: user, profiles, socket, header", async () => {
  const api = sessionApi();
  const sockets = fakeSocketFactory();
  stop = startSession({ router, queryClient, createSocket: sockets.factory });
  await settle();
  expect(sockets.sockets).toHaveLength(0);

  otherTabLogsIn();
  await settle();

  expect(useSessionStore.getState()).toMatchObject({ token: 'access-9', refreshToken: 'refresh-9', user: { id: 7 }, activeProfile: { id: 12 } });
  expect(queryClient.getQueryData(userKeys.current())).toMatchObject({ id: 7 });
  expect(loggedIn).toEqual([{ userId: 7 }]);
  expect(sockets.last()!.connect).toHaveBeenCalled();
  expect(api.callsTo('POST login')).toHaveLength(0);
  // No dialog was open: the tab stays where it is.
  expect(router.navigate).not.toHaveBeenCalled();
});

it('an open login dialog closes and goes on to its redirect; without one, to the same page', async () => {
  sessionApi();
  let here = { pathname: '/', search: '?auth=login&redirect=%2Flk%2Fmoney' };
  stop = listenForLoginElsewhere({ navigate: router.navigate, location: () => here }, queryClient);
  otherTabLogsIn();
  await settle();
  expect(router.navigate).toHaveBeenCalledWith('/lk/money', { replace: true });

  stop();
  useSessionStore.getState().clear();
  router.navigate.mockReset();
  here = { pathname: '/application', search: '?city=5&auth=register' };
  stop = listenForLoginElsewhere({ navigate: router.navigate, location: () => here }, queryClient);
  otherTabLogsIn();
  await settle();
  expect(router.navigate).toHaveBeenCalledWith('/application?city=5', { replace: true });
});

it("an open dialog closes onto the same page with its #hash (not only path and search)", async () => {
  sessionApi();
  const here = { pathname: '/application/5', search: '?tab=1&auth=login', hash: '#replies' };
  stop = listenForLoginElsewhere({ navigate: router.navigate, location: () => here }, queryClient);
  otherTabLogsIn();
  await settle();
  expect(router.navigate).toHaveBeenCalledWith('/application/5?tab=1#replies', { replace: true });
});

it('a tab that already holds that user does nothing; one that held another user drops his data', async () => {
  const api = sessionApi(testUser({ id: 8, name: 'Пётр Сидоров' }));
  useSessionStore.getState().setTokens('access-1', 'refresh-1');
  useSessionStore.getState().setUser(testUser() as never);
  queryClient.setQueryData(['application', 'list', 'mine'], { items: ['his'] });
  stop = listenForLoginElsewhere({ navigate: router.navigate, location: () => ({ pathname: '/', search: '' }) }, queryClient);

  otherTabLogsIn(7);
  await settle();
  expect(api.calls).toHaveLength(0);

  otherTabLogsIn(8);
  await settle();
  expect(queryClient.getQueryData(['application', 'list', 'mine'])).toBeUndefined();
  expect(useSessionStore.getState().user).toMatchObject({ id: 8, name: 'Пётр Сидоров' });
  expect(loggedIn).toEqual([{ userId: 8 }]);
});
