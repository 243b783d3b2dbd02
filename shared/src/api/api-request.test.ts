import Cookies from 'js-cookie';
import { z } from 'zod';
import { userAddressSearch } from '../contract/address';
import { callbackCreate } from '../contract/callback';
import { defineCall, listOf } from '../contract/define';
import { setRuntimeConfig, parseRuntimeConfig } from '../config/runtime-config';
import { bus } from '../bus/bus';
import { useSessionStore } from '../session/session-store';
import { ApiError } from './api-error';
import { apiRequest } from './api-request';
import { REQUEST_TIMEOUT_MS } from './send';

const thingList = defineCall({
  method: 'GET',
  path: 'thing/get-collection',
  auth: 'optional',
  summary: 'test',
  query: z.object({ page: z.number(), query: z.string().optional(), services: z.string().optional() }),
  data: listOf(z.object({ id: z.number(), name: z.string() })),
});
const profileGet = defineCall({
  method: 'GET',
  path: 'user/get/token',
  auth: 'required',
  summary: 'test',
  data: z.object({ id: z.number() }),
});
const thingCreate = defineCall({
  method: 'POST',
  path: 'thing/create',
  auth: 'required',
  summary: 'test',
  body: z.object({ name: z.string() }),
  data: z.object({ id: z.number() }),
});
const login = defineCall({
  method: 'POST',
  path: 'login',
  auth: 'none',
  summary: 'test',
  body: z.object({ phone: z.string(), password: z.string() }),
  data: z.object({ token: z.string() }),
});

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Route = (url: URL, init: RequestInit) => Reply | Promise<Reply>;
const fetchMock = jest.fn();

function serve(route: Route) {
  fetchMock.mockImplementation(async (input: string, init: RequestInit) => {
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const reply = await route(new URL(input), init);
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    const headers = reply.headers ?? {};
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      headers: { get: (name: string) => headers[name] ?? null },
      text: async () => text,
    };
  });
}

const authHeader = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => new URL(url as string).pathname === `/api/${path}`);

const toasts: unknown[] = [];
const expired: unknown[] = [];

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  setRuntimeConfig(
    parseRuntimeConfig({
      apiUrl: 'http://api.test',
      version: 't',
      remotes: {
        mf_catalog: 'http://c.test',
        mf_applications: 'http://a.test',
        mf_cabinet: 'http://k.test',
        mf_messaging: 'http://m.test',
      },
    }),
  );
  useSessionStore.getState().clear();
  toasts.length = 0;
  expired.length = 0;
  bus.clear();
  bus.on('toast:show', (p) => toasts.push(p));
  bus.on('auth:expired', (p) => expired.push(p));
});

describe('apiRequest: requests and answers', () => {
  it('builds the URL, skips empty query values, sends credentials and parses the envelope', async () => {
    serve(() => ({ status: 200, body: { data: { items: [{ id: 1, name: 'Ремонт' }], total: 1, page: 1, limit: 6 }, message: 'Готово' } }));
    const result = await apiRequest(thingList, { query: { page: 2, query: '', services: undefined } });

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/api/thing/get-collection?page=2');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(init.body).toBeUndefined();
    expect(authHeader(init)).toBeUndefined();
    expect(result).toEqual({ data: { items: [{ id: 1, name: 'Ремонт' }], total: 1, page: 1, limit: 6 }, message: 'Готово' });
  });

  it('sends the bearer token from the token cookie', async () => {
    Cookies.set('token', 'abc', { path: '/' });
    serve(() => ({ status: 200, body: { data: { id: 5 } } }));
    await apiRequest(profileGet);
    expect(authHeader(fetchMock.mock.calls[0]![1])).toBe('Bearer abc');
  });

  it('sends a stored bearer on a call that needs no login too (spec §7: «unless noted»), but not on a «no auth» one', async () => {
    Cookies.set('token', 'abc', { path: '/' });
    serve(() => ({ status: 200, body: { data: { token: 't' } } }));
    await apiRequest(login, { body: { phone: '79990000001', password: 'x' } });
    expect(authHeader(fetchMock.mock.calls[0]![1])).toBe('Bearer abc');
    const noAuth = defineCall({ method: 'POST', path: 'callback/create', auth: 'none', noBearer: true, summary: 'test', body: z.object({ name: z.string() }), data: z.object({ id: z.number() }) });
    serve(() => ({ status: 200, body: { data: { id: 1 } } }));
    await apiRequest(noAuth, { body: { name: 'Анна' } });
    expect(authHeader(fetchMock.mock.calls[1]![1])).toBeUndefined();
    // The spec's two «no auth» calls are marked so in the contract.
    expect([callbackCreate.noBearer, userAddressSearch.noBearer]).toEqual([true, true]);
  });

  it('sends POST bodies as JSON', async () => {
    Cookies.set('token', 'abc', { path: '/' });
    serve(() => ({ status: 200, body: { data: { id: 9 } } }));
    const { data } = await apiRequest(thingCreate, { body: { name: 'Новая' } });
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.body).toBe('{"name":"Новая"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(data.id).toBe(9);
  });

  it('throws ApiError carrying the server message, code and field errors', async () => {
    serve(() => ({
      status: 422,
      body: { message: 'Проверьте поля формы', code: 'validation_error', errors: { phone: 'Неверный номер' } },
    }));
    const error = await apiRequest(login, { body: { phone: '1', password: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'validation_error', message: 'Проверьте поля формы', errors: { phone: 'Неверный номер' } });
  });

  it('uses the caller fallback or a status text when the failure has no envelope', async () => {
    serve(() => ({ status: 502, body: '<html>Bad gateway</html>' }));
    await expect(apiRequest(thingList, { query: { page: 1 } })).rejects.toMatchObject({ status: 502, message: 'Внутренняя ошибка сервера' });
    await expect(apiRequest(thingList, { query: { page: 1 }, errorMessage: 'Не удалось отправить код' })).rejects.toMatchObject({
      message: 'Не удалось отправить код',
    });
  });

  it("shows a failure's message even without the rest of the envelope (spec §7), not a status text", async () => {
    serve(() => ({ status: 500, body: { message: 'Сбой базы данных' } }));
    await expect(apiRequest(thingList, { query: { page: 1 } })).rejects.toMatchObject({ status: 500, code: 'http_500', message: 'Сбой базы данных' });
    serve(() => ({ status: 500, body: { message: '   ' } }));
    await expect(apiRequest(thingList, { query: { page: 1 } })).rejects.toMatchObject({ message: 'Внутренняя ошибка сервера' });
  });

  it('shows the status’s Russian text, or the caller’s, for a message in no Russian (a proxy’s or a framework’s own)', async () => {
    serve(() => ({ status: 500, body: { message: 'Internal Server Error' } }));
    await expect(apiRequest(thingList, { query: { page: 1 } })).rejects.toMatchObject({ status: 500, message: 'Внутренняя ошибка сервера' });
    serve(() => ({ status: 502, body: { message: 'Bad Gateway', code: 'bad_gateway' } }));
    await expect(apiRequest(thingList, { query: { page: 1 }, errorMessage: 'Не удалось отправить код' })).rejects.toMatchObject({
      code: 'bad_gateway',
      message: 'Не удалось отправить код',
    });
  });

  it('a read with no answer in REQUEST_TIMEOUT_MS ends in «Сервер не отвечает»; a write waits on; the caller may still cancel', async () => {
    jest.useFakeTimers();
    try {
      const hang = (_input: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new DOMException('aborted', 'AbortError'))));
      fetchMock.mockImplementation(hang);
      const read = apiRequest(thingList, { query: { page: 1 } });
      const readFailure = read.catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(await readFailure).toMatchObject({ status: 0, code: 'timeout', message: 'Сервер не отвечает. Попробуйте ещё раз' });

      let settled = false;
      void apiRequest(thingCreate, { body: { name: 'Новая' } }).finally(() => (settled = true)).catch(() => undefined);
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS * 2);
      expect(settled).toBe(false);

      const caller = new AbortController();
      const cancelled = apiRequest(thingList, { query: { page: 1 }, signal: caller.signal }).catch((e: unknown) => e);
      caller.abort();
      expect(await cancelled).not.toBeInstanceOf(ApiError);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a bare 429 (a proxy’s, its body empty) says to try later, not «Некорректный ответ сервера», and keeps its Retry-After (QA DD-8)', async () => {
    serve(() => ({ status: 429, headers: { 'Retry-After': '12' } }));
    await expect(apiRequest(thingList, { query: { page: 1 } })).rejects.toMatchObject({
      status: 429,
      code: 'http_429',
      message: 'Слишком много запросов. Попробуйте позже',
      retryAfter: 12,
    });
  });

  it('reads Retry-After of a 429', async () => {
    serve(() => ({ status: 429, body: { message: 'Слишком часто', code: 'rate_limited' }, headers: { 'Retry-After': '30' } }));
    await expect(apiRequest(thingList, { query: { page: 1 } })).rejects.toMatchObject({ status: 429, retryAfter: 30 });
  });

  it('turns a network failure into status 0 with a Russian message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest(thingList, { query: { page: 1 } })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'Сервер недоступен. Проверьте подключение к интернету',
    });
  });

  it('refuses an answer that does not match the contract', async () => {
    serve(() => ({ status: 200, body: { data: { items: 'нет' } } }));
    await expect(apiRequest(thingList, { query: { page: 1 } })).rejects.toMatchObject({
      code: 'invalid_response',
      message: 'Некорректный ответ сервера',
    });
    serve(() => ({ status: 200, body: 'not json' }));
    await expect(apiRequest(thingList, { query: { page: 1 } })).rejects.toMatchObject({ message: 'Некорректный ответ сервера' });
  });

  it('lets an abort through untouched for TanStack Query', async () => {
    serve(() => ({ status: 200, body: { data: { id: 1 } } }));
    const controller = new AbortController();
    controller.abort();
    const error = await apiRequest(thingList, { query: { page: 1 }, signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});
