import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { bus, createQueryClient, formatMoney, useSessionStore } from 'shared';
import { createRealtime } from '../../session/realtime';
import { API_URL, fail, ok, serveApi, setTestRuntimeConfig, testProfiles, testUser } from '../../testing/fake-api';
import { fakeSocketFactory } from '../../testing/fake-socket';
import { Header } from './header';

const notification = (id: number, message: string, read = false) => ({
  id,
  message,
  link: null,
  read,
  createdAt: '2026-11-22T10:00:00.000Z',
});

let server: { unread: number; items: ReturnType<typeof notification>[]; activeProfileId: number | null };
let queryClient: QueryClient;
let stopRealtime: () => void = () => undefined;
const toasts: unknown[] = [];

function serve() {
  return serveApi({
    'GET user/get/token': () => ok(testUser({ activeProfileId: server.activeProfileId })),
    'GET user/profile/list': () =>
      ok({ items: testProfiles().map((p) => ({ ...p, active: p.id === server.activeProfileId })) }),
    'GET balance/get/token': () => ok({ profileId: server.activeProfileId, amount: server.activeProfileId === 20 ? 250000 : 1500.5, currency: 'RUB' }),
    'GET notification/get-collection': () => ok({ items: server.items, total: server.items.length, page: 1, limit: 10, unread: server.unread }),
    'POST notification/read': () => {
      server.unread = 0;
      server.items = server.items.map((n) => ({ ...n, read: true }));
      return ok({ unread: 0 });
    },
    'PUT user/profile/update': ({ body }) => {
      server.activeProfileId = (body as { id: number }).id;
      const profile = testProfiles().find((p) => p.id === server.activeProfileId)!;
      return ok({ profile: { ...profile, active: true }, user: testUser({ activeProfileId: server.activeProfileId }) });
    },
    'POST logout': () => ok({ ok: true }),
  });
}

function renderHeader(path = '/') {
  let location: Location | null = null;
  function Probe() {
    location = useLocation();
    return null;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Header />
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return () => location!;
}

beforeEach(() => {
  setTestRuntimeConfig();
  bus.clear();
  toasts.length = 0;
  bus.on('toast:show', (t) => toasts.push(t));
  useSessionStore.getState().clear();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  server = { unread: 2, items: [notification(1, 'Новый отклик на заявку'), notification(2, 'Договор подписан')], activeProfileId: 12 };
});

afterEach(() => stopRealtime());

function logIn() {
  useSessionStore.getState().setTokens('access-1', 'refresh-1');
}

describe('header for a guest', () => {
  it('offers "Войти" and "Регистрация" as dialogs over the current page', () => {
    serve();
    renderHeader('/application?page=2');
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/application?page=2&auth=login');
    expect(screen.getByRole('link', { name: 'Регистрация' })).toHaveAttribute('href', '/application?page=2&auth=register');
    expect(screen.queryByRole('button', { name: /Уведомления/ })).not.toBeInTheDocument();
  });

  it("keeps the page's search and #hash in its «Войти» and «Регистрация» links", () => {
    serve();
    renderHeader('/application/5?tab=1#replies');
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/application/5?tab=1&auth=login#replies');
    expect(screen.getByRole('link', { name: 'Регистрация' })).toHaveAttribute('href', '/application/5?tab=1&auth=register#replies');
  });
});

describe('the main navigation', () => {
  const nav = () => screen.getByRole('navigation', { name: 'Основная навигация' });
  it('calls its section\'s list «the current page», and marks the section (not as the page) on an item of it', () => {
    renderHeader('/application/search');
    expect(within(nav()).getByRole('link', { name: 'Заявки' })).toHaveAttribute('aria-current', 'page');
    cleanup();
    renderHeader('/application/17');
    expect(within(nav()).getByRole('link', { name: 'Заявки' })).toHaveAttribute('aria-current', 'true');
    expect(within(nav()).getByRole('link', { name: 'Исполнители' })).not.toHaveAttribute('aria-current');
  });
});

describe('the menu (below 1280px)', () => {
  it('closes on Escape, giving focus back to its button, and when one of its links opens a dialog', async () => {
    serve();
    const location = renderHeader('/application');
    const menu = screen.getByRole('button', { name: 'Меню' });
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    screen.getByRole('link', { name: 'Регистрация' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();

    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('link', { name: 'Регистрация' }));
    expect(location().search).toBe('?auth=register');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('header for a user', () => {
  it('shows the name, the active profile, the balance and the unread count, live from the socket', async () => {
    serve();
    logIn();
    const sockets = fakeSocketFactory();
    stopRealtime = createRealtime({ url: API_URL, queryClient, createSocket: sockets.factory }).start();
    renderHeader();

    expect(await screen.findByText('Иван Петров')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Профиль: Заказчик' })).toBeInTheDocument();
    const balance = await screen.findByRole('link', { name: `Баланс: ${formatMoney(1500.5)}` });
    expect(balance).toHaveAttribute('href', '/lk/money');
    // The whole amount in its text; the kopecks apart, for the tightest row to leave out (account.css).
    expect(balance.textContent).toBe(formatMoney(1500.5));
    expect(balance.querySelector('.app-account__kopecks')).toHaveTextContent(/^,50$/);
    expect(balance).toHaveAttribute('title', formatMoney(1500.5));
    expect(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 2' })).toBeInTheDocument();

    server.unread = 3;
    server.items = [notification(3, 'Исполнитель приступил к работе'), ...server.items];
    act(() => sockets.last()!.serverEmit('notification', { ...notification(3, 'Исполнитель приступил к работе'), unread: 3 }));
    expect(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 3' })).toBeInTheDocument();
    expect(toasts).toContainEqual({ type: 'info', message: 'Исполнитель приступил к работе' });

    await userEvent.click(screen.getByRole('button', { name: 'Уведомления, непрочитанных: 3' }));
    const panel = screen.getByRole('region', { name: 'Уведомления' });
    expect(await within(panel).findByText('Исполнитель приступил к работе')).toBeInTheDocument();
  });

  it('asks for the unread count again when the window gets the focus back (read in another tab)', async () => {
    // The app's own defaults: 30 s fresh, no refetch on focus unless the query asks for it.
    queryClient = createQueryClient();
    serve();
    logIn();
    renderHeader();
    expect(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 2' })).toBeInTheDocument();
    server.unread = 0;
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    expect(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 0' })).toBeInTheDocument();
    focusManager.setFocused(undefined);
  });

  it('switches the active profile from the menu', async () => {
    const api = serve();
    logIn();
    renderHeader();
    await userEvent.click(await screen.findByRole('button', { name: 'Профиль: Заказчик' }));
    const executor = screen.getByRole('button', { name: 'Исполнитель' });
    expect(screen.getByRole('button', { name: 'Заказчик' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'ООО «Ромашка»' }));

    expect(await screen.findByRole('button', { name: 'Профиль: ООО «Ромашка»' })).toBeInTheDocument();
    expect(api.callsTo('PUT user/profile/update')[0]?.body).toEqual({ id: 20 });
    expect(toasts).toContainEqual({ type: 'success', message: 'Активный профиль: ООО «Ромашка»' });
    expect(await screen.findByRole('link', { name: `Баланс: ${formatMoney(250000)}` })).toBeInTheDocument();
    expect(executor).not.toBeInTheDocument();
  });

  it('gives the focus back to the menu’s button after a profile is chosen from the keyboard', async () => {
    serve();
    logIn();
    renderHeader();
    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Профиль: Заказчик' })).focus();
    await user.keyboard('{Enter}');
    screen.getByRole('button', { name: 'Исполнитель' }).focus();
    await user.keyboard('{Enter}');

    const button = await screen.findByRole('button', { name: 'Профиль: Исполнитель' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('the arrows go through the open menu’s controls, not the page (QA AAR-1)', async () => {
    serve();
    logIn();
    renderHeader();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Профиль: Заказчик' });
    button.focus();
    await user.keyboard('{Enter}');
    const scrolled = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    act(() => void button.dispatchEvent(scrolled));
    expect(scrolled.defaultPrevented).toBe(true);
    expect(screen.getByRole('button', { name: 'Заказчик' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Исполнитель' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('link', { name: 'Все профили' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Заказчик' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('link', { name: 'Все профили' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'Заказчик' })).toHaveFocus();
  });

  it('offers "Выбрать профиль" without an active profile', async () => {
    serve();
    server.activeProfileId = null;
    logIn();
    renderHeader();
    expect(await screen.findByRole('link', { name: 'Выбрать профиль' })).toHaveAttribute('href', '/lk/profile');
    expect(screen.queryByRole('link', { name: /Баланс/ })).not.toBeInTheDocument();
  });

  it('says only «Профиль», not «Выбрать профиль», while the user and his profiles could not be loaded', async () => {
    serveApi({
      'GET user/get/token': () => fail(503, 'Сервер недоступен'),
      'GET user/profile/list': () => fail(503, 'Сервер недоступен'),
      'GET balance/get/token': () => fail(503, 'Сервер недоступен'),
      'GET notification/get-collection': () => fail(503, 'Сервер недоступен'),
    });
    logIn();
    renderHeader();
    expect(await screen.findByRole('link', { name: 'Профиль' })).toHaveAttribute('href', '/lk/profile');
    expect(screen.queryByRole('link', { name: 'Выбрать профиль' })).not.toBeInTheDocument();
  });

  it('lists notifications, marks them read, and says "Нет уведомлений" when there are none', async () => {
    const api = serve();
    logIn();
    renderHeader();
    const bell = await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 2' });
    await userEvent.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Уведомления' });
    expect(within(panel).getByText('Новый отклик на заявку')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Отметить все прочитанными' }));
    expect(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 0' })).toBeInTheDocument();
    expect(api.callsTo('POST notification/read')[0]?.body).toEqual({});

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Уведомления' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();

    server.items = [];
    await act(() => queryClient.invalidateQueries());
    await userEvent.click(bell);
    expect(await within(screen.getByRole('region', { name: 'Уведомления' })).findByText('Нет уведомлений')).toBeInTheDocument();
  });

  it('"Выйти" calls logout, clears the session and the cache, and goes to /', async () => {
    const api = serve();
    logIn();
    const location = renderHeader('/lk/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Выйти' }));

    await waitFor(() => expect(api.callsTo('POST logout')).toHaveLength(1));
    expect(api.callsTo('POST logout')[0]?.body).toEqual({ refresh_token: 'refresh-1' });
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(useSessionStore.getState().isAuthenticated()).toBe(false);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Войти' })).toBeInTheDocument();
  });
});
