import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { bus, useSessionStore } from 'shared';
import { createRealtime } from '../../session/realtime';
import { API_URL, fail, ok, serveApi, setTestRuntimeConfig, testProfiles, testUser, type Routes } from '../../testing/fake-api';
import { fakeSocketFactory } from '../../testing/fake-socket';
import { GuardedForm } from '../../testing/guarded-form';
import { FocusLayout } from '../../testing/layout';
import { Header } from './header';

// The bell's panel: older notifications page by page, what the keyboard does when a control goes
// away (a notification's link included), and reads made in another tab.

const notification = (id: number, read = false) => ({
  id,
  message: `Уведомление ${id}`,
  link: null as string | null,
  profileId: null as number | null,
  read,
  createdAt: '2026-11-22T10:00:00.000Z',
});

let items: ReturnType<typeof notification>[];
let queryClient: QueryClient;
let stopRealtime: () => void = () => undefined;

function serve(more: Routes = {}) {
  return serveApi({
    'GET user/get/token': () => ok(testUser({ activeProfileId: 12 })),
    'GET user/profile/list': () => ok({ items: testProfiles().map((p) => ({ ...p, active: p.id === 12 })) }),
    'GET balance/get/token': () => ok({ profileId: 12, amount: 0, currency: 'RUB' }),
    'GET notification/get-collection': ({ query }) => {
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 20);
      return ok({ items: items.slice((page - 1) * limit, page * limit), total: items.length, page, limit, unread: items.filter((n) => !n.read).length });
    },
    'POST notification/read': ({ body }) => {
      const ids = (body as { ids?: number[] }).ids;
      items = items.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n));
      return ok({ unread: items.filter((n) => !n.read).length });
    },
    ...more,
  });
}

function renderHeader() {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/']}>
        <Header />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function openPanel(unread: number) {
  await userEvent.click(await screen.findByRole('button', { name: `Уведомления, непрочитанных: ${unread}` }));
  const panel = screen.getByRole('region', { name: 'Уведомления' });
  await within(panel).findAllByRole('listitem');
  return panel;
}

const itemOf = (panel: HTMLElement, id: number) => within(panel).getByText(`Уведомление ${id}`).closest('li');

beforeEach(() => {
  setTestRuntimeConfig();
  bus.clear();
  useSessionStore.getState().clear();
  useSessionStore.getState().setTokens('access-1', 'refresh-1');
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // 23 notifications, newest first.
  items = Array.from({ length: 23 }, (_, i) => notification(23 - i));
});

afterEach(() => stopRealtime());

describe('«Показать ещё»', () => {
  it('loads older pages into the panel, focuses the first new notification and announces the count, until there are no more', async () => {
    const api = serve();
    renderHeader();
    const panel = await openPanel(23);
    expect(within(panel).getAllByRole('listitem')).toHaveLength(10);

    const more = within(panel).getByRole('button', { name: 'Показать ещё' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(20));
    await waitFor(() => expect(itemOf(panel, 13)).toHaveFocus());
    expect(within(panel).getByRole('status')).toHaveTextContent('Загружено ещё 10 уведомлений');

    await userEvent.click(within(panel).getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(23));
    await waitFor(() => expect(itemOf(panel, 3)).toHaveFocus());
    expect(within(panel).getByRole('status')).toHaveTextContent('Загружено ещё 3 уведомления');
    expect(within(panel).queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();

    const asked = api.callsTo('GET notification/get-collection').map((c) => `${c.query.get('page')}/${c.query.get('limit')}`);
    // Page 1 may be asked again as the panel mounts (stale at once in this client); the older ones once each.
    expect(asked.filter((a) => a !== '1/10')).toEqual(['2/10', '3/10']);
  });

  it('shows each notification once when a new one moved the pages, and starts again from the newest when reopened', async () => {
    serve();
    renderHeader();
    const panel = await openPanel(23);
    // One arrives after page 1: page 2 now begins with what page 1 ended with.
    items = [notification(24), ...items];
    await userEvent.click(within(panel).getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(19));
    expect(within(panel).getAllByText('Уведомление 14')).toHaveLength(1);
    await waitFor(() => expect(itemOf(panel, 13)).toHaveFocus());

    await userEvent.keyboard('{Escape}');
    const reopened = await openPanel(23);
    expect(within(reopened).getAllByRole('listitem')).toHaveLength(10);
  });
});

describe('the keyboard leaving the panel', () => {
  it('closes it: on a phone it would lie over the page the focus goes on to', async () => {
    serve();
    renderHeader();
    const panel = await openPanel(23);
    // Tab from the panel's last control goes on, out of it (to the menu button).
    within(panel).getAllByRole('button').at(-1)!.focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Меню' })).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Уведомления' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Уведомления, непрочитанных: 23' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('focus when a control of the panel goes away', () => {
  it('«Отметить все прочитанными» hands the focus to the panel heading, the panel staying open', async () => {
    serve();
    renderHeader();
    const panel = await openPanel(23);
    within(panel).getByRole('button', { name: 'Отметить все прочитанными' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 0' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Отметить все прочитанными' })).not.toBeInTheDocument();
    expect(within(panel).getByText('Уведомления', { selector: 'p' })).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Уведомления' })).toBe(panel);
  });

  it('«Отметить все прочитанными» stands above the notifications, not under every page of them loaded', async () => {
    serve();
    renderHeader();
    const panel = await openPanel(23);
    const readAll = within(panel).getByRole('button', { name: 'Отметить все прочитанными' });
    const list = within(panel).getByRole('list');
    expect(readAll.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('«Отметить все прочитанными» and «Прочитано» that fail say so in a toast, and stay to be pressed again', async () => {
    serve({ 'POST notification/read': () => fail(502, 'Внутренняя ошибка сервера') });
    const toasts: unknown[] = [];
    bus.on('toast:show', (toast) => toasts.push(toast));
    renderHeader();
    const panel = await openPanel(23);
    await userEvent.click(within(panel).getByRole('button', { name: 'Отметить все прочитанными' }));
    await waitFor(() => expect(toasts).toEqual([{ type: 'error', message: 'Внутренняя ошибка сервера' }]));
    expect(within(panel).getByRole('button', { name: 'Отметить все прочитанными' })).toBeEnabled();
    await userEvent.click(within(itemOf(panel, 22)!).getByRole('button', { name: 'Прочитано' }));
    await waitFor(() => expect(toasts).toHaveLength(2));
  });

  it('«Отметить все прочитанными» says it is done: the button goes away and the items lose «Новое:» silently', async () => {
    serve();
    renderHeader();
    const panel = await openPanel(23);
    within(panel).getByRole('button', { name: 'Отметить все прочитанными' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 0' });
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('Все уведомления прочитаны'));
  });

  it('«Прочитано» hands the focus to its notification', async () => {
    serve();
    renderHeader();
    const panel = await openPanel(23);
    within(itemOf(panel, 22)!).getByRole('button', { name: 'Прочитано' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 22' });
    await waitFor(() => expect(itemOf(panel, 22)).toHaveFocus());
    expect(within(itemOf(panel, 22)!).queryByRole('button', { name: 'Прочитано' })).not.toBeInTheDocument();
  });
});

describe("following a notification's link", () => {
  const linked = (id: number, link: string) => ({ ...notification(id), link });

  /** The app's layout over pages that have their heading: a data router, a page that loads (lazy). */
  function ApplicationPage() {
    const { pathname, search, hash } = useLocation();
    return (
      <>
        <h1>Заявка</h1>
        <p>{`Адрес: ${pathname}${search}${hash}`}</p>
      </>
    );
  }
  function renderApp(path: string) {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          hydrateFallbackElement: <p>Загрузка…</p>,
          // As the app's layout (RootLayout): the focus a link drops goes to the new page's heading.
          Component: FocusLayout,
          children: [
            { index: true, element: <h1>Главная</h1> },
            { path: 'lk/application/:id', lazy: async () => ({ Component: ApplicationPage }) },
            { path: 'lk/form', Component: GuardedForm },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  }

  it("puts the focus on the new page's heading, not on <body>", async () => {
    items = [linked(2, '/lk/application/5'), notification(1)];
    serve();
    const router = renderApp('/');
    const panel = await openPanel(2);
    within(panel).getByRole('link', { name: 'Уведомление 2' }).focus();
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Заявка' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lk/application/5');
    expect(screen.queryByRole('region', { name: 'Уведомления' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Заявка' })).toHaveFocus());
  });

  /** The notices' server, whose profile switch (`user/profile/update`) takes, from the customer (12) active. */
  function serveSwitching(more: Routes = {}) {
    let active = 12;
    return serve({
      'GET user/get/token': () => ok(testUser({ activeProfileId: active })),
      'GET user/profile/list': () => ok({ items: testProfiles().map((p) => ({ ...p, active: p.id === active })) }),
      'PUT user/profile/update': ({ body }) => {
        active = (body as { id: number }).id;
        const profile = testProfiles().find((p) => p.id === active)!;
        return ok({ profile: { ...profile, active: true }, user: testUser({ activeProfileId: active }) });
      },
      ...more,
    });
  }

  it("opens a notice about another of the user's profiles as that profile: switched to first, then the page", async () => {
    // The organisation's (20) deal: the customer's profile (12, active) would be told «не найдена».
    items = [{ ...linked(3, '/lk/application/5'), profileId: 20 }, { ...linked(2, '/lk/application/6'), profileId: 12 }];
    const toasts: unknown[] = [];
    bus.on('toast:show', (t) => toasts.push(t));
    const api = serveSwitching();
    const router = renderApp('/');
    let panel = await openPanel(2);
    // Said which profile it is for; not for the active one's.
    expect(within(itemOf(panel, 3)!).getByText('Профиль: ООО «Ромашка»')).toBeInTheDocument();
    expect(within(itemOf(panel, 2)!).queryByText(/Профиль:/)).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('link', { name: 'Уведомление 3' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lk/application/5'));
    expect(api.callsTo('PUT user/profile/update').map((c) => c.body)).toEqual([{ id: 20 }]);
    expect(useSessionStore.getState().activeProfile?.id).toBe(20);
    expect(toasts).toContainEqual({ type: 'success', message: 'Активный профиль: ООО «Ромашка»' });

    // A notice about the profile now active opens at once.
    panel = await openPanel(1);
    expect(within(itemOf(panel, 2)!).getByText('Профиль: Заказчик')).toBeInTheDocument();
    expect(within(itemOf(panel, 3)!).queryByText(/Профиль:/)).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('link', { name: 'Уведомление 3' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Уведомления' })).not.toBeInTheDocument());
    expect(api.callsTo('PUT user/profile/update')).toHaveLength(1);
  });

  it("a notice of another profile asks about a form's unsaved edits before switching (QA YY-2): «Отмена» changes nothing, the notice left unread", async () => {
    items = [{ ...linked(3, '/lk/application/5'), profileId: 20 }];
    const api = serveSwitching();
    const router = renderApp('/lk/form');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Имя' }), 'Анна');

    let panel = await openPanel(1);
    await userEvent.click(within(panel).getByRole('link', { name: 'Уведомление 3' }));
    let dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    expect(api.callsTo('PUT user/profile/update')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT user/profile/update')).toHaveLength(0);
    expect(api.callsTo('POST notification/read')).toHaveLength(0);
    expect(useSessionStore.getState().activeProfile?.id).toBe(12);
    expect(router.state.location.pathname).toBe('/lk/form');
    expect(screen.getByRole('textbox', { name: 'Имя' })).toHaveValue('Анна');

    // «Уйти без сохранения»: switched, then the page, asked once.
    panel = await openPanel(1);
    await userEvent.click(within(panel).getByRole('link', { name: 'Уведомление 3' }));
    dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Уйти без сохранения' }));
    await waitFor(() => expect(api.callsTo('PUT user/profile/update')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lk/application/5'));
    expect(api.callsTo('PUT user/profile/update').map((c) => c.body)).toEqual([{ id: 20 }]);
    await waitFor(() => expect(api.callsTo('POST notification/read')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a notice of another profile whose switch fails after «Уйти без сохранения» guards the edits again: the form and the profile stay, the notice unread', async () => {
    items = [{ ...linked(3, '/lk/application/5'), profileId: 20 }];
    const api = serveSwitching({ 'PUT user/profile/update': () => fail(503, 'Сервис временно недоступен') });
    const router = renderApp('/lk/form');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Имя' }), 'Анна');

    const panel = await openPanel(1);
    await userEvent.click(within(panel).getByRole('link', { name: 'Уведомление 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Уйти без сохранения' }));
    await waitFor(() => expect(api.callsTo('PUT user/profile/update')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useSessionStore.getState().activeProfile?.id).toBe(12);
    expect(router.state.location.pathname).toBe('/lk/form');
    expect(screen.getByRole('textbox', { name: 'Имя' })).toHaveValue('Анна');
    expect(api.callsTo('POST notification/read')).toHaveLength(0);

    // The edits are still there to lose: leaving the page asks again.
    act(() => void router.navigate('/'));
    expect(await screen.findByRole('dialog', { name: 'Уйти без сохранения?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lk/form');
  });

  it('keeps the focus on the page when the link is to the page already open (another search or #hash)', async () => {
    items = [linked(3, '/lk/application/5?tab=replies'), linked(2, '/lk/application/5#documents'), notification(1)];
    serve();
    renderApp('/lk/application/5');
    await screen.findByRole('heading', { name: 'Заявка' });

    let panel = await openPanel(3);
    within(panel).getByRole('link', { name: 'Уведомление 3' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Адрес: /lk/application/5?tab=replies')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Заявка' })).toHaveFocus());

    panel = await openPanel(2);
    await userEvent.click(within(panel).getByRole('link', { name: 'Уведомление 2' }));
    expect(await screen.findByText('Адрес: /lk/application/5#documents')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Заявка' })).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
  });
});

describe("following a notification's link to a page whose heading comes with its data", () => {
  /** A detail page as the remotes have it: a skeleton first, the heading once its data is in. */
  function LoadingDetail() {
    const [loaded, setLoaded] = useState(false);
    useEffect(() => {
      const timer = setTimeout(() => setLoaded(true), 50);
      return () => clearTimeout(timer);
    }, []);
    return loaded ? <h1>Заявка № 5</h1> : <p>Загружаем заявку…</p>;
  }

  it("puts the focus on that heading once it is shown, not on the page's main region before it", async () => {
    items = [{ ...notification(2), link: '/lk/application/detail/5' }, notification(1)];
    serve();
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: FocusLayout,
          children: [
            { index: true, element: <h1>Главная</h1> },
            { path: 'lk/application/detail/:id', Component: LoadingDetail },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const panel = await openPanel(2);
    within(panel).getByRole('link', { name: 'Уведомление 2' }).focus();
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Заявка № 5' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lk/application/detail/5');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Заявка № 5' })).toHaveFocus());
  });
});

describe('reads made in another tab', () => {
  it('clears the bell and the open panel on the socket event notification:read', async () => {
    serve();
    const sockets = fakeSocketFactory();
    stopRealtime = createRealtime({ url: API_URL, queryClient, createSocket: sockets.factory }).start();
    renderHeader();
    const panel = await openPanel(23);
    sockets.last()!.acceptHandshake('sock-a');

    // Another tab read one, then all (the server has them read by now).
    items = items.map((n) => (n.id === 23 ? { ...n, read: true } : n));
    act(() => sockets.last()!.serverEmit('notification:read', { ids: [23], unread: 22 }));
    expect(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 22' })).toBeInTheDocument();
    await waitFor(() => expect(within(itemOf(panel, 23)!).queryByText('Новое:')).not.toBeInTheDocument());

    items = items.map((n) => ({ ...n, read: true }));
    act(() => sockets.last()!.serverEmit('notification:read', { all: true, unread: 0 }));
    expect(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 0' })).toBeInTheDocument();
    expect(within(panel).queryByText('Новое:')).not.toBeInTheDocument();
  });
});
