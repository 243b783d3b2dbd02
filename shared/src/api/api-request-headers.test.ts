import { z } from 'zod';
import { defineCall } from '../contract/define';
import { useSessionStore } from '../session/session-store';
import { ok, serveApi, setTestRuntimeConfig } from '../testing/fake-api';
import { bus } from '../bus/bus';
import { apiRequest, PROFILE_RESYNC_WAIT_MS } from './api-request';

const payout = defineCall({
  method: 'POST',
  path: 'thing/pay',
  auth: 'required',
  summary: 'test',
  body: z.object({ amount: z.number() }),
  data: z.object({ id: z.number() }),
});

beforeEach(() => {
  setTestRuntimeConfig();
  useSessionStore.getState().setTokens('access-1', 'refresh-1');
});
afterEach(() => useSessionStore.getState().clear());

test("a call's own headers go along with the session's, which they cannot replace", async () => {
  const api = serveApi({ 'POST thing/pay': () => ok({ id: 1 }) });
  await apiRequest(payout, { body: { amount: 1 }, headers: { 'Idempotency-Key': 'k-1', Accept: 'text/html' } });
  const init = api.mock.mock.calls[0]![1] as RequestInit;
  expect(init.headers).toEqual({
    'Idempotency-Key': 'k-1',
    Accept: 'application/json',
    Authorization: 'Bearer access-1',
    'Content-Type': 'application/json',
  });
});

describe('Idempotency-Key: a signed-in write names itself, so that its re-send is answered as it was (QA EEE-2)', () => {
  const keyOf = (api: ReturnType<typeof serveApi>, index: number) => ((api.mock.mock.calls[index]![1] as RequestInit).headers as Record<string, string>)['Idempotency-Key'];
  const read = defineCall({ method: 'GET', path: 'thing/get', auth: 'required', summary: 'test', data: z.object({ id: z.number() }) });
  const guestWrite = defineCall({ method: 'POST', path: 'thing/login', auth: 'none', summary: 'test', body: z.object({ amount: z.number() }), data: z.object({ id: z.number() }) });

  test('each write gets a key of its own; a read or a guest call gets none; a key the call names is kept', async () => {
    const api = serveApi({ 'POST thing/pay': () => ok({ id: 1 }), 'GET thing/get': () => ok({ id: 1 }), 'POST thing/login': () => ok({ id: 1 }) });
    await apiRequest(payout, { body: { amount: 1 } });
    await apiRequest(payout, { body: { amount: 1 } });
    await apiRequest(read);
    await apiRequest(guestWrite, { body: { amount: 1 } });
    await apiRequest(payout, { body: { amount: 1 }, headers: { 'Idempotency-Key': 'withdrawal-1' } });
    expect(keyOf(api, 0)).toMatch(/^[\x21-\x7e]{1,200}$/);
    expect(keyOf(api, 1)).toMatch(/^[\x21-\x7e]{1,200}$/);
    expect(keyOf(api, 1)).not.toBe(keyOf(api, 0));
    expect(keyOf(api, 2)).toBeUndefined();
    expect(keyOf(api, 3)).toBeUndefined();
    expect(keyOf(api, 4)).toBe('withdrawal-1');
  });

  test('a write sent again after its 401 and the renewal is the same write: the same key', async () => {
    let calls = 0;
    const api = serveApi({
      'POST thing/pay': () => (++calls === 1 ? { status: 401, body: { message: 'Токен истёк', code: 'unauthorized' } } : ok({ id: 1 })),
      'POST token/renew': () => ok({ token: 'access-2', refresh_token: 'refresh-2' }),
    });
    await apiRequest(payout, { body: { amount: 1 } });
    expect(api.callsTo('POST thing/pay')).toHaveLength(2);
    expect(keyOf(api, 2)).toBe(keyOf(api, 0));
  });
});

describe('X-Profile-Id: the profile this tab shows goes with its calls (QA RR-1, TT-2)', () => {
  const profileGet = defineCall({ method: 'GET', path: 'thing/get', auth: 'required', summary: 'test', data: z.object({ id: z.number() }) });
  const removal = defineCall({ method: 'DELETE', path: 'thing/delete', auth: 'required', summary: 'test', query: z.object({ id: z.number() }), data: z.object({ id: z.number() }) });
  const guestWrite = defineCall({ method: 'POST', path: 'thing/login', auth: 'none', summary: 'test', body: z.object({ amount: z.number() }), data: z.object({ id: z.number() }) });
  const headersOf = (api: ReturnType<typeof serveApi>, index: number) => (api.mock.mock.calls[index]![1] as RequestInit).headers as Record<string, string>;

  function showProfile(id: number) {
    useSessionStore.getState().setProfiles([
      { id: 3, type: 'customer', name: 'Анна', active: id === 3 },
      { id: 16, type: 'executor', name: 'Анна Исполнитель', active: id === 16 },
    ]);
    useSessionStore.getState().setUser({ id: 7, phone: '79990000001', name: 'Анна', email: null, activeProfileId: id });
  }

  test('every call of the session, writes and reads alike, sends the active profile the tab shows', async () => {
    showProfile(16);
    const api = serveApi({ 'POST thing/pay': () => ok({ id: 1 }), 'DELETE thing/delete': () => ok({ id: 1 }), 'GET thing/get': () => ok({ id: 1 }) });
    await apiRequest(payout, { body: { amount: 1 } });
    await apiRequest(removal, { query: { id: 1 } });
    await apiRequest(profileGet);
    expect(headersOf(api, 0)['X-Profile-Id']).toBe('16');
    expect(headersOf(api, 1)['X-Profile-Id']).toBe('16');
    // A read too: a tab that has not heard of a switch must not show the other profile's lists (QA TT-2).
    expect(headersOf(api, 2)['X-Profile-Id']).toBe('16');
    // Switched in this tab: the next write names the new one.
    showProfile(3);
    await apiRequest(payout, { body: { amount: 1 } });
    expect(headersOf(api, 3)['X-Profile-Id']).toBe('3');
  });

  test('none while no profile is known, nor on a call without the session (login, registration)', async () => {
    const api = serveApi({ 'POST thing/pay': () => ok({ id: 1 }), 'POST thing/login': () => ok({ id: 1 }) });
    await apiRequest(payout, { body: { amount: 1 } });
    showProfile(3);
    await apiRequest(guestWrite, { body: { amount: 1 } });
    expect(headersOf(api, 0)).not.toHaveProperty('X-Profile-Id');
    expect(headersOf(api, 1)).not.toHaveProperty('X-Profile-Id');
  });

  const message = 'Активный профиль сменился в другой вкладке или на другом устройстве: сейчас «Исполнитель». Проверьте, от чьего имени вы действуете, и повторите.';
  const refused = () => ({ status: 409, body: { message, code: 'profile_changed' } });

  test('a write refused with profile_changed tells the shell to resync, and carries the API’s message', async () => {
    showProfile(3);
    serveApi({ 'POST thing/pay': refused });
    const resyncs: unknown[] = [];
    const off = bus.on('session:profile-changed', (p) => resyncs.push(p));
    await expect(apiRequest(payout, { body: { amount: 1 } })).rejects.toMatchObject({ status: 409, code: 'profile_changed', message });
    off();
    expect(resyncs).toHaveLength(1);
  });

  test('a read refused with profile_changed asks for the resync, waits for the tab to catch up and is asked once more as the profile active now (QA WW-2)', async () => {
    showProfile(16);
    const api = serveApi({ 'GET thing/get': (_url, init) => ((init?.headers as Record<string, string>)['X-Profile-Id'] === '3' ? ok({ id: 3 }) : refused()) });
    // The shell's resync: the profiles read again, the server's active one is 3.
    const off = bus.on('session:profile-changed', () => void Promise.resolve().then(() => showProfile(3)));
    const result = await apiRequest(profileGet);
    off();
    expect(result.data).toEqual({ id: 3 });
    expect([headersOf(api, 0)['X-Profile-Id'], headersOf(api, 1)['X-Profile-Id']]).toEqual(['16', '3']);
  });

  test('a read refused with profile_changed after the tab caught up while it was on its way is asked again at once', async () => {
    showProfile(16);
    const api = serveApi({
      'GET thing/get': (_url, init) => {
        if ((init?.headers as Record<string, string>)['X-Profile-Id'] === '3') return ok({ id: 3 });
        // The socket's news arrives first: the tab shows profile 3 before this answer does.
        showProfile(3);
        return refused();
      },
    });
    await expect(apiRequest(profileGet)).resolves.toMatchObject({ data: { id: 3 } });
    expect(headersOf(api, 1)['X-Profile-Id']).toBe('3');
  });

  test('a read asked once more after the wait goes with the session as it is then: a token renewed meanwhile, or renewed on its 401', async () => {
    showProfile(16);
    const bearerOf = (init?: RequestInit) => (init?.headers as Record<string, string>).Authorization;
    const api = serveApi({
      'GET thing/get': (_url, init) => {
        if ((init?.headers as Record<string, string>)['X-Profile-Id'] !== '3') return refused();
        return bearerOf(init) === 'Bearer access-3' ? ok({ id: 3 }) : { status: 401, body: { message: 'Токен истёк', code: 'unauthorized' } };
      },
      'POST token/renew': () => ok({ token: 'access-3', refresh_token: 'refresh-3' }),
    });
    // Caught up, and another request renewed the pair while this read waited.
    let off = bus.on('session:profile-changed', () =>
      void Promise.resolve().then(() => {
        useSessionStore.getState().setTokens('access-3', 'refresh-2');
        showProfile(3);
      }),
    );
    await expect(apiRequest(profileGet)).resolves.toMatchObject({ data: { id: 3 } });
    off();
    expect(api.callsTo('POST token/renew')).toHaveLength(0);

    // Caught up, the token expired during the wait: renewed on the 401, and asked again.
    useSessionStore.getState().setTokens('access-2', 'refresh-2');
    showProfile(16);
    off = bus.on('session:profile-changed', () => void Promise.resolve().then(() => showProfile(3)));
    await expect(apiRequest(profileGet)).resolves.toMatchObject({ data: { id: 3 } });
    off();
    expect(api.callsTo('POST token/renew')).toHaveLength(1);
    const reads = (api.mock.mock.calls as [URL, RequestInit | undefined][]).filter(([url]) => String(url).endsWith('/thing/get'));
    expect(reads.map(([, init]) => bearerOf(init))).toEqual(['Bearer access-1', 'Bearer access-3', 'Bearer access-2', 'Bearer access-2', 'Bearer access-3']);
  });

  test('a read refused with profile_changed whose tab does not catch up fails with the API’s message after the wait', async () => {
    jest.useFakeTimers();
    try {
      showProfile(16);
      serveApi({ 'GET thing/get': refused });
      const read = apiRequest(profileGet);
      const failed = expect(read).rejects.toMatchObject({ status: 409, code: 'profile_changed', message });
      await jest.advanceTimersByTimeAsync(PROFILE_RESYNC_WAIT_MS);
      await failed;
    } finally {
      jest.useRealTimers();
    }
  });

  test('another 409 is not news of a switch', async () => {
    showProfile(3);
    serveApi({ 'POST thing/pay': () => ({ status: 409, body: { message: 'Действие недоступно', code: 'conflict' } }) });
    const resyncs: unknown[] = [];
    const off = bus.on('session:profile-changed', (p) => resyncs.push(p));
    await expect(apiRequest(payout, { body: { amount: 1 } })).rejects.toMatchObject({ status: 409 });
    off();
    expect(resyncs).toEqual([]);
  });
});
