/**
 * Contract fuzz: every call of the contract, as a guest and with a live bearer, gets hostile
 * input derived from its zod schemas (each field of the query or body replaced in turn, the
 * rest kept valid so the bad value reaches the service and the database). Whatever the input,
 * the API must answer below 500 and every failure must be the Russian envelope of
 * ARCHITECTURE §3 that does not echo the input. Deterministic: the same values on each run.
 */
import type { z } from 'zod';
import { allCalls, errorEnvelope, type CallContract } from 'shared/contract';
import { authHeader, setupTestApp, userIdByPhone, type TestContext } from './helpers';

let ctx: TestContext;
let userId: number;
beforeAll(async () => {
  ctx = await setupTestApp();
  userId = await userIdByPhone(ctx.db, '79990000001');
});
afterAll(() => ctx.close());

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object shape under optional/nullable/default/preprocess/pipe wrappers, if any. */
function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  for (let s = schema, depth = 0; s && depth < 10; depth++) {
    const def = defOf(s);
    if (def.type === 'object') return def.shape;
    s = def.innerType ?? (def.type === 'pipe' ? (defOf(def.out!).type === 'transform' ? def.in : def.out) : undefined);
  }
  return undefined;
}

const MB = 1024 * 1024;
const hugeText = 'я'.repeat(450_000); // 900 KB of UTF-8: still under the 1 MB body limit, so the schemas see it
const oversized = 'x'.repeat(MB + 16);

/** Hostile JSON values: wrong types, control and bidi characters, extreme numbers, odd dates. */
const badJson: unknown[] = [
  null, true, 0, -1, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 63, 99999999999, Number.MAX_SAFE_INTEGER,
  '', ' ', '\u0000', 'a\u0000b', '\u202eevil', '\u0007', '\u0085', '\ud800', '\u200b\u200b', '        ',
  '0000-01-01', '9999-99-99', '2026-02-30', '-1', '1e308', 'NaN', '<script>alert(1)</script>', "' or 1=1 --",
  [], ['x'], [1, 2], [null], [99999999999], [2 ** 31, -1], {}, { value: 'x' }, { __proto__: { admin: true } }, hugeText,
];

/** Hostile query values, already URL-encoded. */
const badQuery: string[] = [
  '', '%00', 'a%00b', '%E2%80%AE', '%07', '%C2%85', '%ED%A0%80', '%FF', '-1', '0', '1.5', '1e308', '-1e308',
  'NaN', 'Infinity', '99999999999', '2147483648', '9007199254740991', '9223372036854775808', '0000-01-01', '9999-99-99', '2026-02-30',
  '1,99999999999', '%27%20or%201%3D1', 'x'.repeat(20_000),
];

/** Plausible values by field name, so the field under test is the only bad one. */
const sample: Record<string, unknown> = {
  phone: '+79990000077', code: '123456', password: 'Сложный-пароль-7', passwordConfirm: 'Сложный-пароль-7',
  newPassword: 'Другой-пароль-8', newPasswordConfirm: 'Другой-пароль-8', name: 'Иван Петров', email: 'ivan@example.ru',
  ids: [1], type: 'customer', description: 'Описание', comment: 'Перезвоните', refresh_token: 'abc',
  address: { value: 'г. Москва', cityFiasId: null, geoLat: 55.75, geoLon: 37.61 }, query: 'Москва',
};
const sampleQuery: Record<string, string> = {
  id: '1', query: 'Москва', page: '1', limit: '5', phone: '79990000001', ip: '8.8.8.8', deadline: '2030-01-01',
};

const LATIN_TYPE_NAMES = /\b(string|number|boolean|object|array|bigint|undefined|null|int|date|email|NaN)\b/;

/** Problems found in the current test: all of them are reported at once, not just the first. */
let failures: string[] = [];

async function expectSafe(call: CallContract, res: { statusCode: number; body: string }, sent: string) {
  const where = `${call.method} ${call.path} ${sent.slice(0, 80)}`;
  if (res.statusCode >= 500) return void failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 200)}`);
  if (res.statusCode < 400) return;
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    return void failures.push(`${where} → not JSON: ${res.body.slice(0, 200)}`);
  }
  const parsed = errorEnvelope.safeParse(json);
  if (!parsed.success) return void failures.push(`${where} → not an envelope: ${res.body.slice(0, 200)}`);
  for (const text of [parsed.data.message, ...Object.values(parsed.data.errors ?? {})]) {
    if (!/[а-яё]/i.test(text) || LATIN_TYPE_NAMES.test(text)) failures.push(`${where} → not Russian: ${text}`);
  }
  if (sent.length > 8 && res.body.includes(sent)) failures.push(`${where} → echoes the input`);
}

const url = (call: CallContract, params: Record<string, string>) =>
  `/api/${call.path}?${Object.entries(params).map(([k, v]) => `${k}=${v}`).join('&')}`;

async function fuzzQuery(call: CallContract, headers: Record<string, string>) {
  const shape = shapeOf(call.query) ?? {};
  const base = Object.fromEntries(Object.keys(shape).filter((k) => k in sampleQuery).map((k) => [k, sampleQuery[k]!]));
  await expectSafe(call, await ctx.app.inject({ method: call.method, url: url(call, base), headers }), 'baseline');
  for (const field of [...Object.keys(shape), 'unknownField']) {
    for (const value of badQuery) {
      const res = await ctx.app.inject({ method: call.method, url: url(call, { ...base, [field]: value }), headers });
      await expectSafe(call, res, `${field}=${value}`);
    }
    // A repeated parameter arrives as an array where a scalar is expected.
    const res = await ctx.app.inject({ method: call.method, url: `${url(call, base)}&${field}=1&${field}=%00`, headers });
    await expectSafe(call, res, `${field}[]`);
  }
}

async function fuzzBody(call: CallContract, headers: Record<string, string>) {
  const shape = shapeOf(call.body) ?? {};
  const base = Object.fromEntries(Object.keys(shape).filter((k) => k in sample).map((k) => [k, sample[k]]));
  const send = async (payload: string, sent: string, type = 'application/json') => {
    const res = await ctx.app.inject({ method: call.method, url: `/api/${call.path}`, headers: { ...headers, 'content-type': type }, payload });
    await expectSafe(call, res, sent);
  };
  await send(JSON.stringify(base), 'baseline');
  const cases: Array<[string, unknown]> = [];
  for (const field of [...Object.keys(shape), 'unknownField']) for (const value of badJson) cases.push([field, value]);
  if ('address' in shape) {
    for (const sub of ['value', 'cityFiasId', 'geoLat', 'geoLon']) {
      for (const value of badJson) cases.push(['address', { ...(sample.address as object), [sub]: value }]);
    }
  }
  for (const [field, value] of cases) {
    await send(JSON.stringify({ ...base, [field]: value }), `${field}=${JSON.stringify(value)?.slice(0, 40)}`);
  }
  // Whole bodies of the wrong kind, broken JSON, other media types, too large.
  for (const payload of ['[]', '"x"', '1', 'null', '{', '{"a":', '\u0000', '']) await send(payload, `body ${payload}`);
  await send('a=1', 'form body', 'application/x-www-form-urlencoded');
  await send('<a/>', 'xml body', 'application/xml');
  await send(JSON.stringify({ ...base, name: oversized }), 'oversized body');
}

const calls = allCalls.map((call) => [`${call.method} ${call.path}`, call] as const);

describe.each(calls)('%s', (_name, call) => {
  it.each([
    ['as a guest', false],
    ['with a bearer', true],
  ])('never answers 5xx %s', async (_who, withToken) => {
    // A guest on a call that requires auth gets 401 before any input is read: one probe is enough.
    if (call.auth === 'required' && !withToken) {
      const res = await ctx.app.inject({ method: call.method, url: `/api/${call.path}?id=%00`, payload: call.method === 'GET' ? undefined : { id: '\u0000' } });
      expect(res.statusCode).toBe(401);
      return;
    }
    // A fresh session per call: logout (and a password change) revoke the one they are sent with.
    const headers = withToken ? await authHeader(ctx.db, userId) : {};
    failures = [];
    if (call.method === 'GET' || call.method === 'DELETE') await fuzzQuery(call, headers);
    else await fuzzBody(call, headers);
    expect(failures).toEqual([]);
  });
});

describe('routes outside the contract', () => {
  it.each(['/api/tiles/0/0/%c0%ae.png', `/api/tiles/0/0/${'9'.repeat(5000)}.png`, '/api/tiles/99999999999/0/0.png', '/api/tiles/%00/0/0.png', '/api/%ff'])(
    '%s answers the Russian envelope without echoing the URL',
    async (path) => {
      const res = await ctx.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const body = errorEnvelope.parse(res.json());
      expect(body.message).toMatch(/[а-яё]/i);
      expect(res.body).not.toContain(path.slice(5, 40));
    },
  );
});
