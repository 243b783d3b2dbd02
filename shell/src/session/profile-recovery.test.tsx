import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { bus, ErrorState, useSessionStore } from 'shared';
import { useActiveProfile } from 'shared/lk';
import { loadSession } from './load-session';
import { createRealtime } from './realtime';
import { API_URL, ok, serveApi, setTestRuntimeConfig, testProfiles, testUser, type Reply } from '../testing/fake-api';
import { fakeSocketFactory } from '../testing/fake-socket';

// A page of the lk opened (reloaded) while the API is down: its active profile could not be loaded.
// When the API is back, the socket's connection brings the profile, as any reconnect does.

/** What an lk page shows until it has the active profile (mf-messaging's /lk/message). */
function LkPage() {
  const { profile, isPending, isError, refetch } = useActiveProfile();
  if (isPending) return <p>Загружаем сообщения…</p>;
  if (isError || !profile) {
    return <ErrorState title="Не удалось загрузить профиль" message="Проверьте подключение и попробуйте ещё раз." onRetry={() => void refetch()} />;
  }
  return <h1>{`Сообщения: ${profile.name}`}</h1>;
}

let apiUp: boolean;
let stop: () => void = () => undefined;

/** A route of the API that answers only while it is up; while down, fetch fails as a refused connection does. */
const whenUp = (reply: () => Reply) => () => {
  if (!apiUp) throw new TypeError('Failed to fetch');
  return reply();
};

beforeEach(() => {
  setTestRuntimeConfig();
  bus.clear();
  useSessionStore.getState().clear();
  apiUp = false;
});

afterEach(() => stop());

it('an lk page whose profile failed to load while the API was down recovers when the connection comes back, without «Повторить»', async () => {
  const api = serveApi({
    'GET user/get/token': whenUp(() => ok(testUser({ activeProfileId: 12 }))),
    'GET user/profile/list': whenUp(() => ok({ items: testProfiles() })),
    'PUT user/socket/update': whenUp(() => ok({ ok: true })),
  });
  // The browser holds the session's cookies; the app's queries retry no more here (no waiting on back-off).
  useSessionStore.getState().setTokens('access-1', 'refresh-1');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const statuses: boolean[] = [];
  bus.on('socket:status', ({ connected }) => statuses.push(connected));

  // Start (bootstrap): the session load fails, the socket cannot reach the server.
  expect(await loadSession(queryClient)).toBe(false);
  const sockets = fakeSocketFactory();
  stop = createRealtime({ url: API_URL, queryClient, createSocket: sockets.factory }).start();
  const socket = sockets.last()!;
  act(() => socket.unreachable());
  act(() => socket.unreachable());
  expect(statuses).toEqual([false]);

  render(
    <QueryClientProvider client={queryClient}>
      <LkPage />
    </QueryClientProvider>,
  );
  expect(await screen.findByText('Не удалось загрузить профиль')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  const askedWhileDown = api.callsTo('GET user/profile/list').length;

  // The API is back: socket.io's next attempt connects. Nobody presses «Повторить».
  apiUp = true;
  act(() => socket.acceptHandshake('sock-a'));
  expect(await screen.findByRole('heading', { name: 'Сообщения: Иван Петров' })).toBeInTheDocument();
  expect(screen.queryByText('Не удалось загрузить профиль')).not.toBeInTheDocument();
  expect(statuses).toEqual([false, true]);
  expect(api.callsTo('GET user/profile/list').length).toBeGreaterThan(askedWhileDown);
  expect(useSessionStore.getState().activeProfile).toMatchObject({ id: 12 });
});
