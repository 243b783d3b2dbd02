import { QueryClient } from '@tanstack/react-query';
import { applicationKeys, balanceKeys, bankRequisiteKeys, bus, facilityKeys, notificationKeys, PROFILE_DATA_CHANGED_EVENT, setCookie, USER_CHANGED_EVENT, userKeys, useSessionStore } from 'shared';
import { APPLICATION_CHANGED_EVENT, applicationReplySend, BALANCE_CHANGED_EVENT } from 'shared/lk';
import { apiRequest } from 'shared';
import { createRealtime } from './realtime';
import { API_URL, ok, serveApi, setTestRuntimeConfig, testProfiles, testUser } from '../testing/fake-api';
import { fakeSocketFactory } from '../testing/fake-socket';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let queryClient: QueryClient;
let events: { type: string; payload: unknown }[];
let stop: (() => void) | undefined;

function setup() {
  const api = serveApi({
    'PUT user/socket/update': () => ok({ ok: true }),
    'POST token/renew': () => ok({ token: 'access-renewed', refresh_token: 'refresh-renewed' }),
  });
  const sockets = fakeSocketFactory();
  const realtime = createRealtime({ url: API_URL, queryClient, createSocket: sockets.factory });
  stop = realtime.start();
  return { api, sockets, binds: () => api.callsTo('PUT user/socket/update').map((c) => c.body) };
}

beforeEach(() => {
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
  queryClient = new QueryClient();
  events = [];
  bus.clear();
  for (const type of ['socket:status', 'notification:received', 'toast:show'] as const) {
    bus.on(type, (payload) => events.push({ type, payload }));
  }
});

afterEach(() => stop?.());

/** The bell's list as the infinite query caches it. */
const pages = (...list: object[]) => ({ pages: list, pageParams: list.map((_, i) => i + 1) });
const unreadIn = (key: readonly unknown[]) => queryClient.getQueryData<{ pages: { unread: number }[] }>(key)?.pages.map((p) => p.unread);

describe('socket factory options', () => {
  it('uses the API origin, websocket only, spec §9 delays and timeout, and reads the token at every connect', () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    const socket = sockets.last()!;
    expect(socket.url).toBe(API_URL);
    expect(socket.options).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      reconnectionDelay: 300,
      reconnectionDelayMax: 2000,
      timeout: 8000,
      autoConnect: false,
    });
    expect(typeof socket.options.auth).toBe('function');
    expect(socket.handshakeAuth()).toEqual({ token: 'access-1' });
    setCookie('token', 'access-2', 3600);
    expect(socket.handshakeAuth()).toEqual({ token: 'access-2' });
  });
});

describe('realtime connection', () => {
  it('stays disconnected for a guest', () => {
    const { sockets } = setup();
    expect(sockets.factory).not.toHaveBeenCalled();
  });

  it('connects after login and binds the socket id after connect and every reconnect', async () => {
    const { sockets, binds } = setup();
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const socket = sockets.last()!;
    expect(socket.connect).toHaveBeenCalledTimes(1);

    socket.acceptHandshake('sock-a');
    await flush();
    expect(binds()).toEqual([{ id: 'sock-a' }]);
    expect(events).toContainEqual({ type: 'socket:status', payload: { connected: true } });

    // socket.io reconnects by itself after a dropped connection and fires `connect` again.
    socket.acceptHandshake('sock-b');
    await flush();
    expect(binds()).toEqual([{ id: 'sock-a' }, { id: 'sock-b' }]);
  });

  it('says socket:status true once the server knows the socket (bound), so that what a screen asks then misses nothing', async () => {
    let bound = () => {};
    const bindSocket = jest.fn(() => new Promise<void>((resolve) => (bound = resolve)));
    const sockets = fakeSocketFactory();
    stop = createRealtime({ url: API_URL, queryClient, createSocket: sockets.factory, bindSocket }).start();
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    sockets.last()!.acceptHandshake('sock-a');
    await flush();
    expect(bindSocket).toHaveBeenCalledWith('sock-a');
    // Connected, but a notification sent now would go nowhere yet: the screens are not told.
    expect(events.filter((e) => e.type === 'socket:status')).toEqual([]);
    bound();
    await flush();
    expect(events.filter((e) => e.type === 'socket:status')).toEqual([{ type: 'socket:status', payload: { connected: true } }]);
  });

  it('a bind the server refuses still says connected (the screens catch up as they can)', async () => {
    const bindSocket = jest.fn(() => Promise.reject(new Error('500')));
    const sockets = fakeSocketFactory();
    stop = createRealtime({ url: API_URL, queryClient, createSocket: sockets.factory, bindSocket }).start();
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    sockets.last()!.acceptHandshake('sock-a');
    await flush();
    expect(events.filter((e) => e.type === 'socket:status')).toEqual([{ type: 'socket:status', payload: { connected: true } }]);
  });

  it('after a reconnect (not the first connect) reloads the profiles: a profilesChanged missed while down is caught up', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    useSessionStore.getState().setUser(testUser({ activeProfileId: 20 }) as never);
    useSessionStore.getState().setProfiles(testProfiles().map((p) => ({ ...p, active: p.id === 20 })) as never);
    const { sockets, api } = setup();
    const socket = sockets.last()!;
    socket.acceptHandshake('sock-a');
    await flush();
    expect(api.callsTo('GET user/profile/list')).toHaveLength(0);

    // While the socket was down the employee was removed; the server fell back to his customer profile.
    const after = testProfiles().filter((p) => p.id !== 20);
    serveApi({
      'PUT user/socket/update': () => ok({ ok: true }),
      'GET user/get/token': () => ok(testUser({ activeProfileId: 12 })),
      'GET user/profile/list': () => ok({ items: after }),
    });
    queryClient.setQueryData(['employee', 'list'], { items: ['Анна'] });
    socket.acceptHandshake('sock-b');
    for (let i = 0; i < 5; i++) await flush();
    expect(useSessionStore.getState().activeProfile).toMatchObject({ id: 12 });
    expect(queryClient.getQueryState(['employee', 'list'])?.isInvalidated).toBe(true);
  });

  it('after a reconnect the bell and the balance are asked for again: notifications sent while it was down went nowhere', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    const socket = sockets.last()!;
    socket.acceptHandshake('sock-a');
    await flush();
    const key = notificationKeys.list({ limit: 10 });
    queryClient.setQueryData(key, pages({ items: [], total: 0, page: 1, limit: 10, unread: 2 }));
    queryClient.setQueryData(balanceKeys.current(12), { profileId: 12, amount: 0, currency: 'RUB' });

    socket.serverEmit('disconnect', 'transport close');
    socket.acceptHandshake('sock-b');
    for (let i = 0; i < 5; i++) await flush();

    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(balanceKeys.current(12))?.isInvalidated).toBe(true);
  });

  it('the first connect asks for no notifications again: the bell has just read them', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    const key = notificationKeys.list({ limit: 10 });
    queryClient.setQueryData(key, pages({ items: [], total: 0, page: 1, limit: 10, unread: 2 }));
    sockets.last()!.acceptHandshake('sock-a');
    for (let i = 0; i < 5; i++) await flush();
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
  });

  it('says socket:status false once while the server cannot be reached, and its first connect then reloads the profiles', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    const socket = sockets.last()!;
    socket.unreachable();
    socket.unreachable();
    expect(events.filter((e) => e.type === 'socket:status')).toEqual([{ type: 'socket:status', payload: { connected: false } }]);

    serveApi({
      'PUT user/socket/update': () => ok({ ok: true }),
      'GET user/get/token': () => ok(testUser({ activeProfileId: 12 })),
      'GET user/profile/list': () => ok({ items: testProfiles() }),
    });
    expect(useSessionStore.getState().activeProfile).toBeNull();
    socket.acceptHandshake('sock-a');
    for (let i = 0; i < 5; i++) await flush();
    expect(events.filter((e) => e.type === 'socket:status').map((e) => e.payload)).toEqual([{ connected: false }, { connected: true }]);
    expect(useSessionStore.getState().activeProfile).toMatchObject({ id: 12 });
  });

  it('a refused handshake is not a lost connection: no socket:status false', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    sockets.last()!.refuse();
    await flush();
    expect(events.filter((e) => e.type === 'socket:status')).toEqual([]);
  });

  it('binds again on auth:logged-in while connected', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets, binds } = setup();
    sockets.last()!.acceptHandshake('sock-a');
    await flush();
    bus.emit('auth:logged-in', { userId: 7 });
    await flush();
    expect(binds()).toEqual([{ id: 'sock-a' }, { id: 'sock-a' }]);
  });

  it('reconnects with the new token after a renewal and disconnects on logout', () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    const socket = sockets.last()!;
    socket.acceptHandshake('sock-a');

    useSessionStore.getState().setTokens('access-2', 'refresh-2');
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
    expect(socket.connect).toHaveBeenCalledTimes(2);
    expect(socket.handshakeAuth()).toEqual({ token: 'access-2' });
    expect(sockets.factory).toHaveBeenCalledTimes(1);

    socket.acceptHandshake('sock-b');
    useSessionStore.getState().clear();
    expect(socket.disconnect).toHaveBeenCalledTimes(2);
    expect(events).toContainEqual({ type: 'socket:status', payload: { connected: false } });
  });

  it('renews the session once when the server refuses the handshake, then reconnects', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets, api } = setup();
    const socket = sockets.last()!;
    socket.refuse();
    await flush();
    expect(api.callsTo('POST token/renew')).toHaveLength(1);
    expect(socket.connect).toHaveBeenCalledTimes(2);
    expect(socket.handshakeAuth()).toEqual({ token: 'access-renewed' });
  });
});

describe('a socket the server ends (session revoked elsewhere)', () => {
  function endedByServer(socket: NonNullable<ReturnType<ReturnType<typeof fakeSocketFactory>['last']>>) {
    socket.connected = false;
    socket.active = false;
    socket.serverEmit('disconnect', 'io server disconnect');
  }

  it('checks the session: a refused renewal ends it here (Ошибка авторизации, auth:expired)', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    const expired: unknown[] = [];
    bus.on('auth:expired', (e) => expired.push(e));
    const api = serveApi({ 'POST token/renew': () => ({ status: 401, body: { message: 'Сессия завершена', code: 'e401' } }) });
    const socket = sockets.last()!;
    socket.acceptHandshake('sock-a');

    endedByServer(socket);
    await flush();
    expect(api.callsTo('POST token/renew')).toHaveLength(1);
    expect(useSessionStore.getState().isAuthenticated()).toBe(false);
    expect(expired).toEqual([{ reason: 'renewal-failed' }]);
    expect(events).toContainEqual({ type: 'toast:show', payload: { type: 'error', message: 'Ошибка авторизации' } });
  });

  it('reconnects with the new token when the session is still good', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets, api } = setup();
    const socket = sockets.last()!;
    socket.acceptHandshake('sock-a');

    endedByServer(socket);
    await flush();
    expect(api.callsTo('POST token/renew')).toHaveLength(1);
    expect(socket.connect).toHaveBeenCalledTimes(2);
    expect(socket.handshakeAuth()).toEqual({ token: 'access-renewed' });
  });

  it('connects again with its token when the server cannot be asked (an API stopping; QA PPP-1)', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    const api = serveApi({
      'POST token/renew': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const socket = sockets.last()!;
    socket.acceptHandshake('sock-a');

    endedByServer(socket);
    await flush();
    expect(api.callsTo('POST token/renew')).toHaveLength(1);
    // Still signed in, and the socket connects again (socket.io retries until the server is back).
    expect(useSessionStore.getState().isAuthenticated()).toBe(true);
    expect(socket.connect).toHaveBeenCalledTimes(2);
    expect(socket.handshakeAuth()).toEqual({ token: 'access-1' });
    socket.acceptHandshake('sock-b');
    await flush();
    expect(events).toContainEqual({ type: 'socket:status', payload: { connected: true } });
  });

  it('does not connect again once stopped while the renewal was on its way', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    serveApi({
      'POST token/renew': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const socket = sockets.last()!;
    socket.acceptHandshake('sock-a');

    endedByServer(socket);
    stop?.();
    await flush();
    expect(socket.connect).toHaveBeenCalledTimes(1);
  });

  it('asks nothing after its own disconnect (logout, a new token)', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets, api } = setup();
    sockets.last()!.acceptHandshake('sock-a');
    useSessionStore.getState().clear();
    await flush();
    expect(api.callsTo('POST token/renew')).toHaveLength(0);
  });
});

describe('notification event', () => {
  it('updates the unread count, refetches the lists, toasts and emits notification:received', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    const key = notificationKeys.list({ limit: 10 });
    queryClient.setQueryData(key, pages({ items: [], total: 0, page: 1, limit: 10, unread: 2 }));
    // The header's balance: a deal closed or paid moves money, and the notification says so.
    queryClient.setQueryData(balanceKeys.current(12), { profileId: 12, amount: 0, currency: 'RUB' });
    const socket = sockets.last()!;
    socket.acceptHandshake('sock-a');

    socket.serverEmit('notification', {
      id: 5,
      message: 'Исполнитель откликнулся на заявку',
      link: '/lk/application/detail/5',
      applicationId: 5,
      read: false,
      createdAt: '2026-11-22T10:00:00.000Z',
      unread: 3,
    });

    expect(unreadIn(key)).toEqual([3]);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(balanceKeys.current(12))?.isInvalidated).toBe(true);
    expect(events).toContainEqual({ type: 'notification:received', payload: { message: 'Исполнитель откликнулся на заявку', applicationId: 5 } });
    expect(events).toContainEqual({ type: 'toast:show', payload: { type: 'info', message: 'Исполнитель откликнулся на заявку' } });
  });

  const REMOVED = 'Руководитель исключил вас из организации ООО «Ромашка». Её профиль вам больше недоступен';

  /** The tab acting for the organisation (profile 20), from which he was removed: the server has fallen back to the customer (12). */
  function removedFromOrganization() {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    useSessionStore.getState().setUser(testUser({ activeProfileId: 20 }) as never);
    useSessionStore.getState().setProfiles(testProfiles().map((p) => ({ ...p, active: p.id === 20 })) as never);
    const { sockets } = setup();
    serveApi({
      'PUT user/socket/update': () => ok({ ok: true }),
      'GET user/get/token': () => ok(testUser({ activeProfileId: 12 })),
      'GET user/profile/list': () => ok({ items: testProfiles().filter((p) => p.id !== 20) }),
    });
    sockets.last()!.acceptHandshake('sock-a');
    return sockets.last()!;
  }

  it('one that changed his profiles (removed from an organisation) reloads them and the user, then everything shown', async () => {
    queryClient.setQueryData(['employee', 'list'], { items: ['Анна'] });
    const socket = removedFromOrganization();

    const message = REMOVED;
    socket.serverEmit('notification', { id: 9, message, link: '/lk/profile', read: false, createdAt: '2026-11-30T10:00:00.000Z', unread: 1, profilesChanged: true });
    for (let i = 0; i < 5; i++) await flush();

    expect(useSessionStore.getState().activeProfile).toMatchObject({ id: 12, type: 'customer' });
    expect(useSessionStore.getState().profiles.map((p) => p.id)).toEqual([12, 13]);
    expect(queryClient.getQueryData(userKeys.current())).toMatchObject({ activeProfileId: 12 });
    expect(queryClient.getQueryState(['employee', 'list'])?.isInvalidated).toBe(true);
    expect(events).toContainEqual({ type: 'toast:show', payload: { type: 'info', message } });
  });

  it('one that changed his profiles has the lists read again only once the profiles are, as the profile active then (QA WW-6)', async () => {
    const socket = removedFromOrganization();
    // What the lists' refresh (mf-applications listens to it) would read as.
    const readAs: unknown[] = [];
    const off = bus.on('notification:received', () => readAs.push(useSessionStore.getState().activeProfile?.id));

    const message = REMOVED;
    socket.serverEmit('notification', { id: 9, message, link: '/lk/profile', read: false, createdAt: '2026-11-30T10:00:00.000Z', applicationId: 5, unread: 1, profilesChanged: true });
    // The toast at once; the refresh not before the profiles are known.
    expect(events).toContainEqual({ type: 'toast:show', payload: { type: 'info', message } });
    expect(readAs).toEqual([]);
    for (let i = 0; i < 5; i++) await flush();
    off();
    expect(readAs).toEqual([12]);
  });

  it('one about another of his profiles says which, as the bell does; one about the active profile says nothing more', () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    useSessionStore.getState().setUser(testUser({ activeProfileId: 13 }) as never);
    useSessionStore.getState().setProfiles(testProfiles().map((p) => ({ ...p, active: p.id === 13 })) as never);
    const { sockets } = setup();
    sockets.last()!.acceptHandshake('sock-a');
    const event = { link: '/lk/application/detail/17', read: false, createdAt: '2026-12-04T10:00:00.000Z', unread: 1 };

    sockets.last()!.serverEmit('notification', { ...event, id: 31, profileId: 20, message: 'Ваш отклик на заявку № 10017 отклонён' });
    sockets.last()!.serverEmit('notification', { ...event, id: 32, profileId: 13, message: 'Вас выбрали исполнителем по заявке № 10018' });

    expect(events.filter((e) => e.type === 'toast:show')).toEqual([
      { type: 'toast:show', payload: { type: 'info', message: 'Ваш отклик на заявку № 10017 отклонён (Профиль: ООО «Ромашка»)' } },
      { type: 'toast:show', payload: { type: 'info', message: 'Вас выбрали исполнителем по заявке № 10018' } },
    ]);
  });

  it('counts one more when the event carries only a message', () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    const key = notificationKeys.list({ limit: 10 });
    queryClient.setQueryData(key, pages({ items: [], total: 0, page: 1, limit: 10, unread: 2 }));
    sockets.last()!.serverEmit('notification', { message: 'Новое сообщение' });
    expect(unreadIn(key)).toEqual([3]);
  });
});

describe('user:changed event (his name, phone or active profile changed in another tab or on another device)', () => {
  it('reloads the user and his profiles: the header shows the new name and the profile now active, and everything shown is asked for again', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    // This tab shows the customer (12); another tab has switched to the executor (13) and renamed him.
    useSessionStore.getState().setUser(testUser({ activeProfileId: 12 }) as never);
    useSessionStore.getState().setProfiles(testProfiles().map((p) => ({ ...p, active: p.id === 12 })) as never);
    const { sockets } = setup();
    serveApi({
      'PUT user/socket/update': () => ok({ ok: true }),
      'GET user/get/token': () => ok(testUser({ activeProfileId: 13, name: 'Иван Новиков' })),
      'GET user/profile/list': () => ok({ items: testProfiles().map((p) => ({ ...p, active: p.id === 13 })) }),
    });
    queryClient.setQueryData(['application', 'list'], { items: [] });
    sockets.last()!.acceptHandshake('sock-a');

    sockets.last()!.serverEmit(USER_CHANGED_EVENT, undefined);
    for (let i = 0; i < 5; i++) await flush();

    expect(useSessionStore.getState().user).toMatchObject({ name: 'Иван Новиков', activeProfileId: 13 });
    expect(useSessionStore.getState().activeProfile).toMatchObject({ id: 13 });
    expect(queryClient.getQueryState(['application', 'list'])?.isInvalidated).toBe(true);
    // Not a notification: no toast.
    expect(events.filter((e) => e.type === 'toast:show')).toEqual([]);
  });

  it('his organisation renamed or his position in it changed (the same profile active): the switcher, the organisation and its staff on screen follow it, nothing else', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    // This tab acts for the organisation (20); its director has renamed it and changed his position.
    useSessionStore.getState().setUser(testUser({ activeProfileId: 20 }) as never);
    useSessionStore.getState().setProfiles(testProfiles().map((p) => ({ ...p, active: p.id === 20 })) as never);
    const { sockets } = setup();
    const renamed = testProfiles().map((p) => ({ ...p, active: p.id === 20, ...(p.id === 20 ? { name: 'ООО «Лютик»' } : {}) }));
    serveApi({
      'PUT user/socket/update': () => ok({ ok: true }),
      'GET user/get/token': () => ok(testUser({ activeProfileId: 20 })),
      'GET user/profile/list': () => ok({ items: renamed }),
    });
    queryClient.setQueryData(['employee', 'list', { profileId: 20, query: '', page: 1 }], { items: ['Анна, Прораб'] });
    queryClient.setQueryData(['organization', 'profile', 20], { id: 20, name: 'ООО «Ромашка»' });
    queryClient.setQueryData(['application', 'list'], { items: [] });
    sockets.last()!.acceptHandshake('sock-a');

    sockets.last()!.serverEmit(USER_CHANGED_EVENT, undefined);
    for (let i = 0; i < 5; i++) await flush();

    expect(useSessionStore.getState().activeProfile).toMatchObject({ id: 20, name: 'ООО «Лютик»' });
    expect(queryClient.getQueryState(['organization', 'profile', 20])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['employee', 'list', { profileId: 20, query: '', page: 1 }])?.isInvalidated).toBe(true);
    // The same profile: not everything shown is asked for again.
    expect(queryClient.getQueryState(['application', 'list'])?.isInvalidated).toBe(false);
  });
});

describe('a write refused with profile_changed (QA RR-1: the switch made elsewhere, its socket event not here yet)', () => {
  it('reloads the user and his profiles as user:changed would: the header, tabs and pages follow the profile active now', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    // This tab shows the customer (12); another tab switched to the executor (13), its event held back.
    useSessionStore.getState().setUser(testUser({ activeProfileId: 12 }) as never);
    useSessionStore.getState().setProfiles(testProfiles().map((p) => ({ ...p, active: p.id === 12 })) as never);
    const { sockets } = setup();
    const message = 'Активный профиль сменился в другой вкладке или на другом устройстве: сейчас «Исполнитель». Проверьте, от чьего имени вы действуете, и повторите.';
    const api = serveApi({
      'PUT user/socket/update': () => ok({ ok: true }),
      'POST application/reply/send': () => ({ status: 409, body: { message, code: 'profile_changed' } }),
      'GET user/get/token': () => ok(testUser({ activeProfileId: 13 })),
      'GET user/profile/list': () => ok({ items: testProfiles().map((p) => ({ ...p, active: p.id === 13 })) }),
    });
    queryClient.setQueryData(['application', 'list'], { items: [] });
    sockets.last()!.acceptHandshake('sock-a');
    await flush();

    await expect(apiRequest(applicationReplySend, { body: { id: 25, comment: 'От организации' } })).rejects.toMatchObject({ status: 409, message });
    for (let i = 0; i < 5; i++) await flush();

    expect(api.callsTo('POST application/reply/send')[0]).toBeDefined();
    expect(useSessionStore.getState().activeProfile).toMatchObject({ id: 13 });
    expect(queryClient.getQueryState(['application', 'list'])?.isInvalidated).toBe(true);
  });
});

describe('balance:changed event (a withdrawal taken or paid out elsewhere)', () => {
  it('asks for the balance and its history again, and nothing else; no toast', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    sockets.last()!.acceptHandshake('sock-a');
    queryClient.setQueryData(balanceKeys.current(12), { balance: 8000 });
    queryClient.setQueryData(balanceKeys.history(12, { page: 1 }), { items: [] });
    queryClient.setQueryData(['application', 'list'], { items: [] });

    sockets.last()!.serverEmit(BALANCE_CHANGED_EVENT, { profileId: 12 });
    await flush();

    expect(queryClient.getQueryState(balanceKeys.current(12))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(balanceKeys.history(12, { page: 1 }))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['application', 'list'])?.isInvalidated).toBe(false);
    expect(events.filter((e) => e.type === 'toast:show')).toEqual([]);
  });
});

describe('application:changed event (a step of this profile taken elsewhere)', () => {
  it('asks for the applications on screen again, not the balance; no toast', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    sockets.last()!.acceptHandshake('sock-a');
    queryClient.setQueryData(applicationKeys.detail(42), { id: 42, status: 'executor_named' });
    queryClient.setQueryData(['application', 'list'], { items: [] });
    queryClient.setQueryData(balanceKeys.current(12), { balance: 8000 });

    sockets.last()!.serverEmit(APPLICATION_CHANGED_EVENT, { applicationId: 42 });
    await flush();

    expect(queryClient.getQueryState(applicationKeys.detail(42))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['application', 'list'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(balanceKeys.current(12))?.isInvalidated).toBe(false);
    expect(events.filter((e) => e.type === 'toast:show')).toEqual([]);
  });
});

describe('profile:data-changed event (facilities or requisites changed in another tab, on another device or by a colleague)', () => {
  /** A connected tab with the cabinet's facility and money screens (and others) in its cache. */
  function connected() {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    sockets.last()!.acceptHandshake('sock-a');
    const cached = {
      ownList: facilityKeys.ownList(12, { page: 1 }),
      overview: facilityKeys.list({ scope: 'lk-overview', profileId: 12 }),
      facility: facilityKeys.detail(7),
      types: facilityKeys.types(),
      requisites: bankRequisiteKeys.list(12),
      otherRequisites: bankRequisiteKeys.list(99),
      currencies: bankRequisiteKeys.currencies(),
      bank: bankRequisiteKeys.bank('044525225'),
      balance: balanceKeys.current(12),
      applications: applicationKeys.lists(),
    };
    for (const key of Object.values(cached)) queryClient.setQueryData(key, { items: [] });
    const invalidated = () =>
      Object.entries(cached)
        .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
        .map(([name]) => name);
    return { socket: sockets.last()!, invalidated };
  }

  it('facilities: asks for the facility lists and pages again, not their types, the requisites or anything else; no toast', async () => {
    const { socket, invalidated } = connected();
    socket.serverEmit(PROFILE_DATA_CHANGED_EVENT, { profileId: 12, what: 'facilities' });
    await flush();
    expect(invalidated()).toEqual(['ownList', 'overview', 'facility']);
    expect(events.filter((e) => e.type === 'toast:show')).toEqual([]);
  });

  it("requisites: asks for that profile's requisites again (the money page, its withdrawal dialog), nothing else", async () => {
    const { socket, invalidated } = connected();
    socket.serverEmit(PROFILE_DATA_CHANGED_EVENT, { profileId: 12, what: 'requisites' });
    await flush();
    expect(invalidated()).toEqual(['requisites']);
    expect(events.filter((e) => e.type === 'toast:show')).toEqual([]);
  });

  it('drops a payload that does not match the contract', async () => {
    const { socket, invalidated } = connected();
    socket.serverEmit(PROFILE_DATA_CHANGED_EVENT, { profileId: 12, what: 'everything' });
    socket.serverEmit(PROFILE_DATA_CHANGED_EVENT, undefined);
    await flush();
    expect(invalidated()).toEqual([]);
  });
});

describe('notification:read event (read in another tab or on another device)', () => {
  const item = (id: number, read = false) => ({ id, message: `Уведомление ${id}`, link: null, read, createdAt: '2026-11-22T10:00:00.000Z' });
  const key = notificationKeys.list({ limit: 2 });

  function connected() {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    const socket = sockets.last()!;
    socket.acceptHandshake('sock-a');
    // Two pages of the bell's panel loaded («Показать ещё»).
    queryClient.setQueryData(
      key,
      pages(
        { items: [item(4), item(3)], total: 4, page: 1, limit: 2, unread: 4 },
        { items: [item(2), item(1)], total: 4, page: 2, limit: 2, unread: 4 },
      ),
    );
    return socket;
  }
  const readIn = () =>
    queryClient.getQueryData<{ pages: { items: { id: number; read: boolean }[] }[] }>(key)!.pages.flatMap((p) => p.items.filter((n) => n.read).map((n) => n.id));

  it('marks the given ids read on every loaded page, sets the count and refetches', () => {
    const socket = connected();
    socket.serverEmit('notification:read', { ids: [3, 1], unread: 2 });
    expect(readIn()).toEqual([3, 1]);
    expect(unreadIn(key)).toEqual([2, 2]);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('marks everything read on {all: true}', () => {
    const socket = connected();
    socket.serverEmit('notification:read', { all: true, unread: 0 });
    expect(readIn()).toEqual([4, 3, 2, 1]);
    expect(unreadIn(key)).toEqual([0, 0]);
  });

  it('still refetches on a payload it cannot read, changing nothing itself', () => {
    const socket = connected();
    socket.serverEmit('notification:read', { ids: 'все' });
    expect(readIn()).toEqual([]);
    expect(unreadIn(key)).toEqual([4, 4]);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});

describe('messaging events', () => {
  const message = {
    id: 51,
    messagingId: 5,
    author: { id: 3, name: 'Пётр Сидоров' },
    text: 'Добрый день',
    documents: [{ id: 9, name: 'Смета.pdf', sizeBytes: 2048 }],
    createdAt: '2026-11-22T10:00:00.000Z',
    read: false,
  };

  function connected() {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const { sockets } = setup();
    const socket = sockets.last()!;
    socket.acceptHandshake('sock-a');
    const received: { type: string; payload: unknown }[] = [];
    for (const type of ['message:received', 'message:read'] as const) bus.on(type, (payload) => received.push({ type, payload }));
    return { socket, received };
  }

  it('forwards a valid `message` to the bus as message:received', () => {
    const { socket, received } = connected();
    socket.serverEmit('message', { message });
    expect(received).toEqual([{ type: 'message:received', payload: { message } }]);
  });

  it('a message to another of his profiles is toasted naming it; one to the active profile, or from his own side, is not (QA BAB-1)', () => {
    useSessionStore.getState().setUser(testUser({ activeProfileId: 20 }) as never);
    useSessionStore.getState().setProfiles(testProfiles().map((p) => ({ ...p, active: p.id === 20 })) as never);
    const { socket, received } = connected();
    const toasts = () => events.filter((e) => e.type === 'toast:show').map((e) => (e.payload as { message: string }).message);

    socket.serverEmit('message', { message, recipientProfileId: 12 });
    expect(toasts()).toEqual(['Новое сообщение: Пётр Сидоров (Профиль: Заказчик)']);
    // Handed on to the bus all the same: the conversations of that profile stay current.
    expect(received).toEqual([{ type: 'message:received', payload: { message, recipientProfileId: 12 } }]);

    // To the profile he acts as: the header's count says it. Written by his own side: no news.
    socket.serverEmit('message', { message: { ...message, id: 52 }, recipientProfileId: 20 });
    socket.serverEmit('message', { message: { ...message, id: 53, author: { id: 13, name: 'Иван Петров' } }, recipientProfileId: 12 });
    // A server that does not say to whom (the contract's `{message}`): nothing is guessed.
    socket.serverEmit('message', { message: { ...message, id: 54 } });
    expect(toasts()).toHaveLength(1);
    expect(received).toHaveLength(4);
  });

  it('forwards a valid `message:read` to the bus', () => {
    const { socket, received } = connected();
    socket.serverEmit('message:read', { messagingId: 5, readerProfileId: 3, at: '2026-11-22T10:05:00.000Z' });
    expect(received).toEqual([{ type: 'message:read', payload: { messagingId: 5, readerProfileId: 3, at: '2026-11-22T10:05:00.000Z' } }]);
  });

  it('ignores payloads that do not match the contract', () => {
    const { socket, received } = connected();
    socket.serverEmit('message', { message: { ...message, id: 'x' } });
    socket.serverEmit('message', message);
    socket.serverEmit('message', null);
    socket.serverEmit('message:read', { messagingId: 5 });
    socket.serverEmit('message:read', 'прочитано');
    expect(received).toEqual([]);
  });
});
