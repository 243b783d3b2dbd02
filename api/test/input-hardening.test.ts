/**
 * Issue 8 §2–3: hostile input answers 4xx in the Russian envelope, never 500, and never echoes
 * the input. Each case here answered 500 or English text before the contract primitives
 * (safeText, nameText, isoDateSchema, int4 ids), the Russian zod messages and the framework
 * error mapping.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { CONTENT_ENCODING_MESSAGE } from '../src/http/content-encoding';
import { authHeader, getJson, setupTestApp, userIdByPhone, type TestContext } from './helpers';

let ctx: TestContext;
let userId: number;
beforeAll(async () => {
  ctx = await setupTestApp();
  userId = await userIdByPhone(ctx.db, '79990000001');
});
afterAll(() => ctx.close());

const LATIN_TYPE_NAMES = /\b(string|number|boolean|object|array|int|null|undefined)\b/;

function expectRussian422(res: { status: number; body: any }, field: string) {
  expect(res.status).toBe(422);
  expect(res.body.code).toBe('validation');
  expect(res.body.errors[field]).toMatch(/[а-яё]/i);
  expect(res.body.errors[field]).not.toMatch(LATIN_TYPE_NAMES);
}

async function send(method: 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method, url, payload: payload as object, headers });
  return { status: res.statusCode, body: res.json() };
}

describe('control characters and ranges in queries: 422, not a database 500', () => {
  it.each([
    ['/api/service/get-collection?query=%00', 'query'],
    ['/api/service/get-collection/filter?query=a%00b', 'query'],
    ['/api/executor/get-collection?address=%00', 'address'],
    ['/api/application/get-collection?address=%00', 'address'],
    ['/api/application/get-collection?query=%E2%80%AE', 'query'],
    ['/api/application/get-collection?deadline=0000-01-01', 'deadline'],
    ['/api/application/get-collection?deadline=9999-99-99', 'deadline'],
    ['/api/application/get-collection?deadline=2026-02-30', 'deadline'],
    ['/api/application/get-collection?min_price=1e308', 'min_price'],
    ['/api/user/address/search?query=%00', 'query'],
  ])('%s', async (url, field) => {
    expectRussian422(await getJson(ctx.app, url), field);
  });

  it('still accepts an ordinary date', async () => {
    expect((await getJson(ctx.app, '/api/application/get-collection?deadline=2030-12-31')).status).toBe(200);
  });

  it('answers an id beyond PostgreSQL integer as "no such row", as the other lists do', async () => {
    const res = await getJson(ctx.app, '/api/service/get-collection?parentId=2147483648');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ items: [], total: 0 });
    expect((await getJson(ctx.app, '/api/service/get?id=99999999999')).status).toBe(404);
  });

  it('refuses an id beyond PostgreSQL integer in a body', async () => {
    const res = await send('POST', '/api/notification/read', { ids: [2 ** 31] }, await authHeader(ctx.db, userId));
    expectRussian422(res, 'ids.0');
  });
});

describe('control characters in bodies', () => {
  it('refuses NUL, bidi overrides and marks in profile names', async () => {
    const headers = await authHeader(ctx.db, userId);
    for (const name of ['Иван\u0000Петров', '\u202eвонав\u202c', 'Анна\u2066', 'Иван \u200f100 - 5000']) {
      expectRussian422(await send('PUT', '/api/user/profile/update', { type: 'customer', name }, headers), 'name');
    }
  });

  it('refuses NUL in a callback name and comment, keeps line breaks in the comment', async () => {
    const base = { name: 'Иван Петров', phone: '+79990000077' };
    expectRussian422(await send('POST', '/api/callback/create', { ...base, name: 'a\u0000b' }), 'name');
    expectRussian422(await send('POST', '/api/callback/create', { ...base, comment: 'x\u0000' }), 'comment');
    expectRussian422(await send('POST', '/api/callback/create', { ...base, comment: 'x\u0085' }), 'comment');
    expect((await send('POST', '/api/callback/create', { ...base, comment: 'Утром\nили вечером' })).status).toBe(200);
  });
});

describe('names, passwords and addresses', () => {
  it('needs a letter and visible characters in a name, and stores it NFC-normalised', async () => {
    const headers = await authHeader(ctx.db, userId);
    for (const name of ['\u200b\u200b\u200b', '12345', '\u200bЯ\u200b', '  ']) {
      expectRussian422(await send('POST', '/api/user/update', { name }, headers), 'name');
    }
    const decomposed = '  Йосиф Ёлкин  '.normalize('NFD');
    const res = await send('POST', '/api/user/update', { name: decomposed }, headers);
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Йосиф Ёлкин'.normalize('NFC'));
    expect(res.body.data.name).toHaveLength(11);
  });

  // Not default-ignorable, or a «letter» that shows nothing: a Braille blank or a Hangul filler once
  // passed for a name (a person's, at registration, an organisation's).
  it('takes names of blank glyphs and Hangul fillers for no name', async () => {
    const headers = await authHeader(ctx.db, userId);
    for (const name of ['\u3164\u3164', '\u2800\u2800\u2800', 'Я\u2800', '\uFFA0Я']) {
      expectRussian422(await send('POST', '/api/user/update', { name }, headers), 'name');
      expectRussian422(await send('POST', '/api/register', { phone: '79001234567', name, password: 'Сложный-пароль-7', passwordConfirm: 'Сложный-пароль-7' }), 'name');
    }
    for (const name of ['\u2800', '\u2800 \u3164', '\u{1D159}']) {
      const res = await send('POST', '/api/organization/create', { inn: '7707083893', name }, headers);
      expectRussian422(res, 'name');
      expect(res.body.errors.name).toBe('Укажите название организации');
    }
  });

  it('refuses a password of spaces', async () => {
    const headers = await authHeader(ctx.db, userId);
    const res = await send('PUT', '/api/user/password/change', { password: 'x', newPassword: '        ', newPasswordConfirm: '        ' }, headers);
    expectRussian422(res, 'newPassword');
    expect(res.body.errors.newPassword).toMatch(/пробел/);
  });

  it.each([
    ['value', 'long'.repeat(126)],
    ['value', 'ул\u0000'],
    ['geoLat', 91],
    ['geoLat', 1e308],
    ['geoLon', -180.5],
    ['cityFiasId', 'x'.repeat(65)],
    ['cityFiasId', "'; drop table"],
  ])('refuses address.%s = %#', async (key, value) => {
    const headers = await authHeader(ctx.db, userId);
    const address = { value: 'г Москва', cityFiasId: null, geoLat: 55.75, geoLon: 37.61, [key]: value };
    expectRussian422(await send('PUT', '/api/user/profile/update', { type: 'customer', address }, headers), `address.${key}`);
  });
});

describe('Russian default messages', () => {
  it('answers a wrong-type body in Russian without English type names', async () => {
    const res = await send('POST', '/api/callback/create', { name: 5, phone: true, comment: ['x'], email: {} });
    expect(res.status).toBe(422);
    expect(res.body.errors.comment).toBe('Ожидается строка');
    for (const text of Object.values<string>(res.body.errors)) {
      expect(text).toMatch(/[а-яё]/i);
      expect(text).not.toMatch(LATIN_TYPE_NAMES);
    }
    const list = await send('POST', '/api/notification/read', { ids: 'все' }, await authHeader(ctx.db, userId));
    expect(list.body.errors.ids).toBe('Ожидается список');
  });
});

describe('framework errors in the envelope', () => {
  const expectEnvelope = (res: { statusCode: number; body: string }, status: number, code: string, notEchoed?: string) => {
    expect(res.statusCode).toBe(status);
    const body = JSON.parse(res.body);
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(body.code).toBe(code);
    expect(body.message).toMatch(/^[А-ЯЁ][а-яё ]+/);
    if (notEchoed) expect(res.body).not.toContain(notEchoed);
  };

  it('answers a malformed percent-encoding with 400 bad_url', async () => {
    expectEnvelope(await ctx.app.inject({ method: 'GET', url: '/api/tiles/0/0/%c0%ae.png' }), 400, 'bad_url', '%c0');
  });

  it('answers a 5,000-character path segment with 414 uri_too_long', async () => {
    expectEnvelope(await ctx.app.inject({ method: 'GET', url: `/api/tiles/0/0/${'7'.repeat(5000)}.png` }), 414, 'uri_too_long', '7777777777');
  });

  it('answers broken, empty, foreign and oversized bodies', async () => {
    const post = (payload: string, type = 'application/json') =>
      ctx.app.inject({ method: 'POST', url: '/api/login', payload, headers: { 'content-type': type } });
    expectEnvelope(await post('{"phone":'), 400, 'invalid_json', 'phone');
    expectEnvelope(await post(''), 400, 'empty_body');
    expectEnvelope(await post('<phone/>', 'application/xml'), 415, 'unsupported_media_type');
    // A form where JSON is expected is a foreign type too, not a body missing its fields.
    const boundary = 'x-boundary';
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="phone"\r\n\r\n79990000001\r\n--${boundary}--\r\n`;
    const multipart = await post(form, `multipart/form-data; boundary=${boundary}`);
    expectEnvelope(multipart, 415, 'unsupported_media_type');
    expect(JSON.parse(multipart.body).message).toBe('Неподдерживаемый тип данных: отправьте JSON');
    expectEnvelope(await post(JSON.stringify({ phone: 'x'.repeat(1024 * 1024) })), 413, 'payload_too_large');
  });

  // Compressed bodies once reached the JSON parser as they came: 400 «некорректный JSON» for a
  // body that was fine, only gzipped. No coding is taken: 415, saying so, before the body is read.
  it('answers a compressed body with 415 and Accept-Encoding: identity, JSON or multipart alike', async () => {
    const json = JSON.stringify({ phone: '79990000001', password: 'x' });
    const sendEncoded = (encoding: string, payload: Buffer, type = 'application/json', url = '/api/login') =>
      ctx.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type, 'content-encoding': encoding } });
    for (const [encoding, payload] of [['gzip', gzipSync(json)], ['br', brotliCompressSync(json)], ['deflate, gzip', gzipSync(deflateSync(json))], ['GZIP', gzipSync(json)]] as const) {
      const res = await sendEncoded(encoding, payload);
      expectEnvelope(res, 415, 'unsupported_media_type');
      expect({ encoding, message: JSON.parse(res.body).message }).toEqual({ encoding, message: CONTENT_ENCODING_MESSAGE });
      expect(res.headers['accept-encoding']).toBe('identity');
    }
    const boundary = 'x-boundary';
    const form = gzipSync(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n1\r\n--${boundary}--\r\n`);
    const upload = await sendEncoded('gzip', form, `multipart/form-data; boundary=${boundary}`, '/api/application/document/upload');
    expectEnvelope(upload, 415, 'unsupported_media_type');
    // No coding at all is as good as none: the body is read as usual.
    const identity = await sendEncoded('identity', Buffer.from(json));
    expect(identity.statusCode).toBe(401);
    expect(JSON.parse(identity.body).message).toBe('Неверный телефон или пароль');
  });
});
