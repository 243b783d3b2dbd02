import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, MemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { useSessionStore, type RemoteRoute } from 'shared';
import { RELOAD_KEY } from '../../features/reload/reload-guard';
import { RemoteLoadError } from '../../remotes/remote-load-error';
import { createRemoteRoute } from '../../remotes/remote-route';
import { ok, serveApi, setTestRuntimeConfig, testProfiles, testUser } from '../../testing/fake-api';
import { Header } from './header';

// The federation loader of the remote's `./unread-badge`, played by the test.
const mockLoadWidget = jest.fn();
jest.mock('../../remotes/remote-widget', () => ({ loadRemoteWidget: (...args: unknown[]) => mockLoadWidget(...args) }));

function RemoteBadge() {
  return <Link to="/lk/message" aria-label="Сообщения, непрочитанных: 3" />;
}

function renderHeader(path = '/application') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Header />
        <main>
          <h1>Заявки</h1>
          <Link to="/executor">Исполнители на странице</Link>
        </main>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  mockLoadWidget.mockReset();
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
  serveApi({
    'GET user/get/token': () => ok(testUser()),
    'GET user/profile/list': () => ok({ items: testProfiles() }),
    'GET balance/get/token': () => ok({ profileId: 12, amount: 0, currency: 'RUB' }),
    'GET notification/get-collection': () => ok({ items: [], total: 0, page: 1, limit: 10, unread: 2 }),
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const logIn = () => useSessionStore.getState().setTokens('access-1', 'refresh-1');

test('a logged-in header mounts the unread badge that the owner of /lk/message exposes', async () => {
  mockLoadWidget.mockResolvedValue(RemoteBadge);
  logIn();
  renderHeader();
  expect(await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 3' })).toHaveAttribute('href', '/lk/message');
  expect(mockLoadWidget).toHaveBeenCalledWith({ path: '/lk/message', exposed: 'unread-badge' });
});

test('while the badge loads, a plain link to the messages stands in its place', async () => {
  let resolve: (component: unknown) => void = () => undefined;
  mockLoadWidget.mockReturnValue(new Promise((r) => (resolve = r)));
  logIn();
  renderHeader();
  expect(screen.getByRole('link', { name: 'Сообщения' })).toHaveAttribute('href', '/lk/message');
  await act(async () => resolve(RemoteBadge));
  expect(screen.getByRole('link', { name: 'Сообщения, непрочитанных: 3' })).toBeInTheDocument();
});

test('the remote is down: the header still renders with the fallback, and a navigation tries again', async () => {
  mockLoadWidget.mockRejectedValue(new RemoteLoadError('mf_messaging', new Error('Failed to fetch')));
  logIn();
  renderHeader();

  expect(await screen.findByRole('link', { name: 'Сообщения (число непрочитанных недоступно)' })).toHaveAttribute('href', '/lk/message');
  expect(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 2' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Основная навигация' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Заявки' })).toBeInTheDocument();
  expect(mockLoadWidget).toHaveBeenCalledTimes(1);

  mockLoadWidget.mockResolvedValue(RemoteBadge);
  await userEvent.click(screen.getByRole('link', { name: 'Исполнители на странице' }));
  expect(await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 3' })).toBeInTheDocument();
  expect(mockLoadWidget).toHaveBeenCalledTimes(2);
});

test('the messages section back through «Повторить» brings the badge back too, on the same path (QA UU-5)', async () => {
  // No reload for a while: the section's failure shows its panel at once.
  window.sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  let down = true;
  const failed = (remote: string) => new RemoteLoadError(remote, new Error('Failed to fetch'));
  mockLoadWidget.mockImplementation(async () => {
    if (down) throw failed('mf_messaging');
    return RemoteBadge;
  });
  const routes: RemoteRoute[] = [{ path: '', lazy: async () => ({ Component: () => <h1>Сообщения</h1> }), handle: { title: 'Сообщения' } }];
  const loadRoutes = jest.fn(async (remote: string) => {
    if (down) throw failed(remote);
    return routes;
  });
  logIn();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: () => (
          <>
            <Header />
            <Outlet />
          </>
        ),
        children: [createRemoteRoute({ name: 'mf_messaging', mount: '/lk/message' }, { loadRoutes, readSession: () => ({ isAuthenticated: true, hasActiveProfile: true }) })],
      },
    ],
    { initialEntries: ['/lk/message'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  expect(await screen.findByRole('heading', { name: 'Не удалось загрузить раздел' })).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Сообщения (число непрочитанных недоступно)' })).toBeInTheDocument();

  down = false;
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByRole('heading', { name: 'Сообщения' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/lk/message');
  expect(await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 3' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Сообщения (число непрочитанных недоступно)' })).not.toBeInTheDocument();
});

test('a badge that throws while rendering leaves the fallback, not an error screen', async () => {
  mockLoadWidget.mockResolvedValue(() => {
    throw new Error('badge failed');
  });
  logIn();
  renderHeader();
  expect(await screen.findByRole('link', { name: 'Сообщения (число непрочитанных недоступно)' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Заявки' })).toBeInTheDocument();
});

test('a guest gets no badge and nothing is loaded', () => {
  renderHeader();
  expect(screen.queryByRole('link', { name: /Сообщения/ })).not.toBeInTheDocument();
  expect(mockLoadWidget).not.toHaveBeenCalled();
});
