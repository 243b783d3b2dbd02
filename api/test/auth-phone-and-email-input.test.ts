import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import type { SmsMessage } from '../src/providers/sms';
import { DEMO_PASSWORD } from '../src/seed/people';
import { openTestDb } from './helpers';

/**
 * Phones and e-mails as people type them: a number short of a digit is refused, not read as
 * another number that gets the code; an address on a Cyrillic domain arrives from a browser's
 * type="email" field in punycode and is taken.
 */
let app: FastifyInstance;
let db: Db;
let closeDb: () => Promise<void>;
const sent: SmsMessage[] = [];
const lax = { max: 1000, windowSeconds: 3600 };

beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
  app = await buildApp({ config: testConfig(), db, logger: false, auth: { smsProvider: { send: async (m) => void sent.push(m) }, limits: { smsPerIp: lax, smsPerPhone: lax, smsGlobal: lax } } });
});
afterAll(async () => {
  await app.close();
  await closeDb();
});

const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });
  return { status: res.statusCode, body: res.json() };
};
const PHONE_MESSAGE = 'Укажите российский номер телефона: +7 и 10 цифр';

describe('a phone short of a digit', () => {
  it.each(['+7 (999) 555-00-4', '+7999555004', '7999555004'])('%p is refused at registration, and no code goes anywhere', async (phone) => {
    sent.length = 0;
    const res = await post('register/code-receive/phone', { phone });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 422, errors: { phone: PHONE_MESSAGE } });
    expect(sent).toEqual([]);
  });

  it('is the field’s error at login, not «Неверный телефон или пароль»', async () => {
    const res = await post('login', { phone: '+7 (999) 000-00-0', password: DEMO_PASSWORD });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 422, errors: { phone: PHONE_MESSAGE } });
  });

  it('the whole number still gets its code', async () => {
    sent.length = 0;
    expect((await post('register/code-receive/phone', { phone: '+7 (999) 555-00-44' })).status).toBe(200);
    expect(sent.map((m) => m.phone)).toEqual(['79995550044']);
  });
});

describe('a landline number, where a code is sent by SMS', () => {
  const MOBILE = 'Укажите мобильный номер: +7 9XX… — на него придёт код в СМС';
  it.each([
    ['register/code-receive/phone', { phone: '+7 (495) 123-45-67' }],
    ['user/password/recovery/send/sms', { phone: '8 812 555 12 34' }],
  ])('%p refuses it on the field, and no code goes anywhere', async (url, body) => {
    sent.length = 0;
    const res = await post(url, body);
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 422, errors: { phone: MOBILE } });
    expect(sent).toEqual([]);
  });

  it('is no more than a wrong phone at login (no account can have one)', async () => {
    const res = await post('login', { phone: '+7 (495) 123-45-67', password: DEMO_PASSWORD });
    expect(res.status).toBe(401);
  });

  it('is taken by the callback request: an operator calls it back', async () => {
    const res = await post('callback/create', { name: 'Анна', phone: '+7 (495) 123-45-67' });
    expect(res.status).toBe(200);
  });
});

describe('a phone with more than a number in it', () => {
  // Once the non-digits were dropped: '+79990000001abc' logged in as 79990000001.
  it.each(['+79990000001abc', '+7 (999) 000-00-01 доб', '79990000001#', '+7+9990000001', 'tel:+79990000001'])('%p is refused at login as the field’s error', async (phone) => {
    const res = await post('login', { phone, password: DEMO_PASSWORD });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 422, errors: { phone: PHONE_MESSAGE } });
  });

  it('is refused at registration too, and no code goes anywhere', async () => {
    sent.length = 0;
    const res = await post('register/code-receive/phone', { phone: '+79995550044abc' });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 422, errors: { phone: PHONE_MESSAGE } });
    expect(sent).toEqual([]);
  });

  it('the number as people write it still logs in', async () => {
    for (const phone of ['+7 (999) 000-00-01', '8 999 000 00 01', '8.999.000.00.01', '+7 999 000\u201300\u201301']) {
      expect({ phone, status: (await post('login', { phone, password: DEMO_PASSWORD })).status }).toEqual({ phone, status: 200 });
    }
  });
});

describe('an e-mail on a Cyrillic domain', () => {
  it('is taken in punycode, as Chromium sends petr@пример.рф, and kept and answered in letters', async () => {
    const { token } = (await post('login', { phone: '79990000005', password: DEMO_PASSWORD })).body.data as { token: string };
    const res = await post('user/update', { email: 'petr@xn--e1afmkfd.xn--p1ai' }, { authorization: `Bearer ${token}` });
    expect({ status: res.status, email: res.body.data?.email }).toEqual({ status: 200, email: 'petr@пример.рф' });
    const [row] = await db.query<{ email: string }>("select email from users where phone = '79990000005'");
    expect(row!.email).toBe('petr@пример.рф');
    // Typed in letters, it stays as typed; a Latin domain is untouched.
    expect((await post('user/update', { email: 'ivan@пример.рф' }, { authorization: `Bearer ${token}` })).body.data?.email).toBe('ivan@пример.рф');
    expect((await post('user/update', { email: 'Ivan@Example.ru' }, { authorization: `Bearer ${token}` })).body.data?.email).toBe('Ivan@Example.ru');
  });
});
