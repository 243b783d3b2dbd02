import { QueryClient } from '@tanstack/react-query';
import { bus, setCookie, userKeys, useSessionStore } from 'shared';
import { signOut } from './sign-out';
import { startSession } from './start-session';
import { ok, serveApi, setTestRuntimeConfig, testProfiles, testUser } from '../testing/fake-api';
import { fakeSocketFactory } from '../testing/fake-socket';
import { otherTabOnSessionChannel } from 'shared/testing';

// Logging out in one tab ends the session in this browser's other tabs at once (defect: they kept
// the private pages and the logged-in header, their sockets closed by the server, until a call failed).

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const otherTab = otherTabOnSessionChannel();
let stop: () => void = () => undefined;
let queryClient: QueryClient;
let loggedOut: number;
const router = { navigate: jest.fn() };

beforeEach(() => {
  setTestRuntimeConfig();
  bus.clear();
  loggedOut = 0;
  bus.on('auth:logged-out', () => (loggedOut += 1));
  useSessionStore.getState().clear();
  router.navigate.mockReset();
  queryClient = new QueryClient();
});

afterEach(() => {
  stop();
});

function loggedIn() {
  const api = serveApi({
    'PUT user/socket/update': () => ok({ ok: true }),
    'POST logout': () => ok({ ok: true }),
  });
  const store = useSessionStore.getState();
  store.setTokens('access-1', 'refresh-1');
  store.setUser(testUser());
  store.setProfiles(testProfiles() as never);
  queryClient.setQueryData(userKeys.current(), testUser());
  const sockets = fakeSocketFactory();
  stop = startSession({ router, queryClient, createSocket: sockets.factory });
  return { api, sockets };
}

it('a logout here tells the other tabs, and this tab does not act on its own message', async () => {
  loggedIn();
  const heard: unknown[] = [];
  otherTab().addEventListener('message', (event) => heard.push(event.data));
  await signOut(queryClient);
  await flush();
  expect(heard).toEqual([{ type: 'logout' }]);
  // The logout button navigates itself; the listener stays out of it.
  expect(router.navigate).not.toHaveBeenCalled();
  expect(loggedOut).toBe(1);
});

it("another tab's logout ends the session here as a local logout does, goes to / and calls no logout", async () => {
  const { api, sockets } = loggedIn();
  await flush();
  const socket = sockets.last()!;
  socket.acceptHandshake('sock-a');

  // The other tab has removed the shared cookies before telling.
  setCookie('token', '', -1);
  setCookie('refresh_token', '', -1);
  otherTab().postMessage({ type: 'logout' });
  await flush();

  expect(useSessionStore.getState()).toMatchObject({ token: null, refreshToken: null, user: null, profiles: [], activeProfile: null });
  expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  expect(loggedOut).toBe(1);
  expect(router.navigate).toHaveBeenCalledWith('/');
  expect(socket.disconnect).toHaveBeenCalled();
  expect(api.callsTo('POST logout')).toHaveLength(0);
  expect(api.callsTo('POST token/renew')).toHaveLength(0);
});

it("a guest's tab stays where it is", async () => {
  serveApi({});
  stop = startSession({ router, queryClient, createSocket: fakeSocketFactory().factory });
  otherTab().postMessage({ type: 'logout' });
  await flush();
  expect(router.navigate).not.toHaveBeenCalled();
  expect(loggedOut).toBe(0);
});

// QA (qa-auth): the tab went from its page to the home page without a word: a user (and a screen
// reader, whose focus lands on the home page's heading) could not tell why the account was gone.
it("says why when another tab's logout takes this tab to the home page; its own logout says its own words, not those", async () => {
  loggedIn();
  await flush();
  const toasts: unknown[] = [];
  bus.on('toast:show', (toast) => toasts.push(toast));

  setCookie('token', '', -1);
  setCookie('refresh_token', '', -1);
  otherTab().postMessage({ type: 'logout' });
  await flush();
  expect(toasts).toEqual([{ type: 'info', message: 'Вы вышли из аккаунта в другой вкладке' }]);

  toasts.length = 0;
  stop();
  loggedIn();
  await signOut(queryClient);
  await flush();
  // Spec §7: a success shows a toast (QA AAD-4); the layout's live region says it.
  expect(toasts).toEqual([{ type: 'success', message: 'Вы вышли из аккаунта', silent: true }]);
});
