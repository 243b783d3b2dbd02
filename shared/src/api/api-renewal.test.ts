import Cookies from 'js-cookie';
import { z } from 'zod';
import { defineCall, listOf } from '../contract/define';
import { parseRuntimeConfig, setRuntimeConfig } from '../config/runtime-config';
import { bus } from '../bus/bus';
import { useSessionStore } from '../session/session-store';
import { ApiError } from './api-error';
import { apiRequest } from './api-request';

const profileGet = defineCall({
  method: 'GET',
  path: 'user/get/token',
  auth: 'required',
  summary: 'test',
  data: z.object({ id: z.number() }),
});
const notificationList = defineCall({
  method: 'GET',
  path: 'notification/get-collection',
  auth: 'required',
  summary: 'test',
  data: listOf(z.object({ id: z.number() })),
});
const thingDelete = defineCall({
  method: 'DELETE',
  path: 'thing/delete',
  auth: 'required',
  summary: 'test',
  query: z.object({ id: z.number() }),
  data: z.object({ id: z.number() }),
});

type Reply = { status: number; body?: unknown };
const fetchMock = jest.fn();

function serve(route: (path: string, init: RequestInit) => Reply | Promise<Reply>) {
  fetchMock.mockImplementation(async (input: string, init: RequestInit) => {
    const reply = await route(new URL(input).pathname.replace('/api/', ''), init);
    return {
      ok: reply.status < 300,
      status: reply.status,
      headers: { get: () => null },
      text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)),
    };
  });
}

const bearer = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;
const renewals = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/token/renew'));
const unauthorized: Reply = { status: 401, body: { message: 'Токен истёк', code: 'token_expired' } };
const nextTick = () => new Promise((resolve) => setTimeout(resolve, 5));

const toasts: unknown[] = [];
const expired: unknown[] = [];

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  setRuntimeConfig(
    parseRuntimeConfig({
      apiUrl: 'http://api.test',
      version: 't',
      remotes: { mf_catalog: 'http://c.test', mf_applications: 'http://a.test', mf_cabinet: 'http://k.test', mf_messaging: 'http://m.test' },
    }),
  );
  useSessionStore.getState().clear();
  useSessionStore.getState().setTokens('old-token', 'old-refresh');
  toasts.length = 0;
  expired.length = 0;
  bus.clear();
  bus.on('toast:show', (p) => toasts.push(p));
  bus.on('auth:expired', (p) => expired.push(p));
});

describe('apiRequest: session renewal', () => {
  it('shares one renewal between three parallel 401s and retries each once with the new token', async () => {
    let renewCount = 0;
    serve(async (path, init) => {
      if (path === 'token/renew') {
        renewCount += 1;
        expect(JSON.parse(init.body as string)).toEqual({ refresh_token: 'old-refresh' });
        await nextTick();
        return {
          status: 200,
          body: { data: { token: 'new-token', refresh_token: 'new-refresh', user: { id: 7, phone: '79991234567', name: 'Иван', email: null, activeProfileId: null } } },
        };
      }
      return bearer(init) === 'Bearer new-token' ? { status: 200, body: { data: { id: 1 } } } : unauthorized;
    });

    const results = await Promise.all([apiRequest(profileGet), apiRequest(profileGet), apiRequest(profileGet)]);

    expect(results.map((r) => r.data.id)).toEqual([1, 1, 1]);
    expect(renewCount).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(7);
    expect(Cookies.get('token')).toBe('new-token');
    expect(Cookies.get('refresh_token')).toBe('new-refresh');
    expect(useSessionStore.getState().user?.name).toBe('Иван');
    expect(toasts).toEqual([]);
  });

  it('a 401 that lands after another request renewed the session retries with the new token, without renewing again', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let oldTokenCalls = 0;
    serve(async (path, init) => {
      if (path === 'token/renew') return { status: 200, body: { data: { token: 'new-token', refresh_token: 'new-refresh' } } };
      if (bearer(init) === 'Bearer new-token') return { status: 200, body: { data: { id: 1 } } };
      // A's 401 comes at once; B's, sent with the same old token, only after A has renewed and retried.
      if ((oldTokenCalls += 1) === 2) await held;
      return unauthorized;
    });

    const a = apiRequest(profileGet);
    const b = apiRequest(profileGet);
    expect((await a).data.id).toBe(1);
    expect(renewals()).toHaveLength(1);
    release();
    expect((await b).data.id).toBe(1);

    expect(renewals()).toHaveLength(1);
    const [, lastInit] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
    expect(bearer(lastInit)).toBe('Bearer new-token');
    expect(Cookies.get('refresh_token')).toBe('new-refresh');
  });

  it('retries only once: a second 401 after renewal is thrown', async () => {
    serve((path) =>
      path === 'token/renew' ? { status: 200, body: { data: { token: 'new-token', refresh_token: 'new-refresh' } } } : unauthorized,
    );
    await expect(apiRequest(profileGet)).rejects.toMatchObject({ status: 401 });
    expect(renewals()).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('on renewal failure shows one toast, clears the session and emits auth:expired', async () => {
    serve(async (path) => {
      if (path === 'token/renew') {
        await nextTick();
        return { status: 401, body: { message: 'Сессия отозвана', code: 'refresh_revoked' } };
      }
      return unauthorized;
    });

    const outcomes = await Promise.allSettled([apiRequest(profileGet), apiRequest(profileGet), apiRequest(profileGet)]);

    expect(outcomes.every((o) => o.status === 'rejected' && o.reason instanceof ApiError && o.reason.status === 401)).toBe(true);
    // What a form or a toast shows of these errors says what the toast said, not a second message.
    expect(outcomes.map((o) => o.status === 'rejected' && (o.reason as ApiError).message)).toEqual(Array(3).fill('Ошибка авторизации'));
    expect(renewals()).toHaveLength(1);
    expect(toasts).toEqual([{ type: 'error', message: 'Ошибка авторизации' }]);
    expect(expired).toHaveLength(1);
    expect(Cookies.get('token')).toBeUndefined();
    expect(Cookies.get('refresh_token')).toBeUndefined();
    expect(useSessionStore.getState().isAuthenticated()).toBe(false);
  });

  it('logs out at once on a 401 when there is no refresh token', async () => {
    Cookies.remove('refresh_token', { path: '/' });
    useSessionStore.setState({ refreshToken: null });
    serve(() => unauthorized);
    await expect(apiRequest(profileGet)).rejects.toMatchObject({ status: 401 });
    expect(renewals()).toHaveLength(0);
    expect(toasts).toEqual([{ type: 'error', message: 'Ошибка авторизации' }]);
    expect(expired).toHaveLength(1);
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('a user who cleared the site\'s cookies has ended the session: the copy in memory renews nothing', async () => {
    // The store still holds the pair it read at start and the user; the cookies are gone (devtools, «очистить данные сайта»).
    useSessionStore.setState({ user: { id: 7, phone: '79990000001', name: 'Анна Смирнова', email: null, activeProfileId: 1 } as never });
    Cookies.remove('token', { path: '/' });
    Cookies.remove('refresh_token', { path: '/' });
    expect(useSessionStore.getState().refreshToken).toBe('old-refresh');
    serve((path) => (path === 'token/renew' ? { status: 200, body: { data: { token: 'new-token', refresh_token: 'new-refresh' } } } : unauthorized));
    await expect(apiRequest(profileGet)).rejects.toMatchObject({ status: 401 });
    expect(renewals()).toHaveLength(0);
    expect(Cookies.get('refresh_token')).toBeUndefined();
    expect(toasts).toEqual([{ type: 'error', message: 'Ошибка авторизации' }]);
    expect(expired).toHaveLength(1);
  });

  it('shows one toast when parallel requests fail without a refresh token', async () => {
    Cookies.remove('refresh_token', { path: '/' });
    useSessionStore.setState({ refreshToken: null });
    serve(async () => {
      await nextTick();
      return unauthorized;
    });
    await Promise.allSettled([apiRequest(profileGet), apiRequest(profileGet), apiRequest(profileGet)]);
    expect(toasts).toHaveLength(1);
    expect(expired).toHaveLength(1);
  });

  it('does not toast a guest who never had a session', async () => {
    useSessionStore.getState().clear();
    serve(() => unauthorized);
    await expect(apiRequest(profileGet)).rejects.toMatchObject({ status: 401 });
    expect(toasts).toEqual([]);
    expect(expired).toEqual([]);
  });

  it('keeps the session when the renewal cannot reach the server', async () => {
    fetchMock.mockImplementation(async (input: string) => {
      if (String(input).endsWith('/token/renew')) throw new TypeError('Failed to fetch');
      return { ok: false, status: 401, headers: { get: () => null }, text: async () => JSON.stringify(unauthorized.body) };
    });
    await expect(apiRequest(profileGet)).rejects.toMatchObject({ status: 0 });
    expect(toasts).toEqual([]);
    expect(Cookies.get('refresh_token')).toBe('old-refresh');
  });

  it('sends a renewal whose answer was lost again with the same Idempotency-Key, and the next renewal with a new one (QA Y-1)', async () => {
    const keys: string[] = [];
    let lose = true;
    let renewed = 0;
    serve((path, init) => {
      if (path === 'token/renew') {
        keys.push((init.headers as Record<string, string>)['Idempotency-Key']!);
        if (lose) throw new TypeError('Failed to fetch');
        renewed += 1;
        return { status: 200, body: { data: { token: `token-${renewed}`, refresh_token: `refresh-${renewed}` } } };
      }
      return bearer(init) === `Bearer token-${renewed}` && renewed > 0 ? { status: 200, body: { data: { id: 1 } } } : unauthorized;
    });
    await expect(apiRequest(profileGet)).rejects.toMatchObject({ status: 0 });
    lose = false;
    await expect(apiRequest(profileGet)).resolves.toEqual({ data: { id: 1 } });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,200}$/);
    expect(keys[1]).toBe(keys[0]);
    Cookies.remove('token', { path: '/' });
    await expect(apiRequest(profileGet)).resolves.toEqual({ data: { id: 1 } });
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a logout forgets the key of a renewal whose answer was lost: the next session renews with a key of its own (QA O-3)', async () => {
    const keys: string[] = [];
    let lose = true;
    serve((path, init) => {
      if (path === 'token/renew') {
        keys.push((init.headers as Record<string, string>)['Idempotency-Key']!);
        if (lose) throw new TypeError('Failed to fetch');
        return { status: 200, body: { data: { token: 'next-token', refresh_token: 'next-refresh' } } };
      }
      return bearer(init) === 'Bearer next-token' ? { status: 200, body: { data: { id: 1 } } } : unauthorized;
    });
    await expect(apiRequest(profileGet)).rejects.toMatchObject({ status: 0 });
    expect(localStorage.getItem('session:renew-key')).toBe(keys[0]);

    // Both logouts, this tab's and one followed from another tab, end the session by the store's `clear` (shell endLocalSession).
    useSessionStore.getState().clear();
    expect(localStorage.getItem('session:renew-key')).toBeNull();

    lose = false;
    useSessionStore.getState().setTokens('other-token', 'other-refresh');
    await expect(apiRequest(profileGet)).resolves.toEqual({ data: { id: 1 } });
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('a call made with only a refused refresh cookie left fails as «Ошибка авторизации», once', async () => {
    Cookies.remove('token', { path: '/' });
    useSessionStore.setState({ token: null });
    serve((path) => (path === 'token/renew' ? { status: 401, body: { message: 'Сессия отозвана', code: 'refresh_revoked' } } : { status: 200, body: { data: { id: 1 } } }));
    await expect(apiRequest(profileGet)).rejects.toMatchObject({ status: 401, message: 'Ошибка авторизации' });
    expect(toasts).toEqual([{ type: 'error', message: 'Ошибка авторизации' }]);
    expect(expired).toHaveLength(1);
  });

  it('renews before calling when only the refresh cookie is left', async () => {
    Cookies.remove('token', { path: '/' });
    serve((path, init) =>
      path === 'token/renew'
        ? { status: 200, body: { data: { token: 'new-token', refresh_token: 'new-refresh' } } }
        : { status: 200, body: { data: { id: bearer(init) === 'Bearer new-token' ? 2 : 0 } } },
    );
    const { data } = await apiRequest(profileGet);
    expect(data.id).toBe(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('renews on a 403 from a list call (spec §6) but not from other calls', async () => {
    const forbidden: Reply = { status: 403, body: { message: 'Доступ запрещён', code: 'forbidden' } };
    serve((path, init) => {
      if (path === 'token/renew') return { status: 200, body: { data: { token: 'new-token', refresh_token: 'new-refresh' } } };
      if (path === 'notification/get-collection' && bearer(init) === 'Bearer new-token') {
        return { status: 200, body: { data: { items: [], total: 0, page: 1, limit: 10 } } };
      }
      return forbidden;
    });
    await expect(apiRequest(notificationList)).resolves.toMatchObject({ data: { total: 0 } });
    expect(renewals()).toHaveLength(1);

    await expect(apiRequest(thingDelete, { query: { id: 3 } })).rejects.toMatchObject({ status: 403, message: 'Доступ запрещён' });
    expect(renewals()).toHaveLength(1);
    expect(toasts).toEqual([]);
  });
});
