import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import type { SmsMessage } from '../src/providers/sms';
import { openTestDb } from './helpers';

// Each test starts an hour or more after the one before, so the earlier tests' events have left every window.
const T0 = Date.UTC(2031, 0, 15, 9, 0, 0);
const HOUR = 3600_000;
let clock = T0;
let app: FastifyInstance;
let db: Db;
let closeDb: () => Promise<void>;
const sent: SmsMessage[] = [];

beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
  app = await buildApp({
    config: testConfig(),
    db,
    logger: false,
    now: () => clock,
    auth: {
      smsProvider: { send: async (m) => void sent.push(m) },
      limits: {
        smsPerPhone: { max: 2, windowSeconds: 3600 },
        smsPerIp: { max: 3, windowSeconds: 3600 },
        smsGlobal: { max: 4, windowSeconds: 60 },
      },
    },
  });
});
afterAll(async () => {
  await app.close();
  await closeDb();
});
beforeEach(() => {
  sent.length = 0;
});

const send = async (phone: string, ip: string, url = 'register/code-receive/phone') => {
  const res = await app.inject({ method: 'POST', url: `/api/${url}`, payload: { phone }, remoteAddress: ip });
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
};

describe('SMS send limits', () => {
  it('per phone: the third code within the hour is refused with Retry-After and never reaches the provider', async () => {
    clock = T0 + HOUR;
    expect((await send('79004440001', '10.0.0.1')).status).toBe(200);
    clock += 61_000;
    expect((await send('79004440001', '10.0.0.2')).status).toBe(200);
    clock += 61_000;
    const refused = await send('79004440001', '10.0.0.3');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe(String(3600 - 122));
    expect(refused.body).toEqual({ message: 'Слишком много запросов кода. Попробуйте через 58 минут', code: 'sms_rate_limited' });
    expect(sent).toHaveLength(2);
    // A refused send does not start the 60 s interval either: the next window sends at once.
    clock = T0 + 2 * HOUR;
    expect((await send('79004440001', '10.0.0.3')).status).toBe(200);
    expect(sent).toHaveLength(3);
  });

  it('per IP: the fourth send from one address is refused, other addresses go on', async () => {
    clock = T0 + 3 * HOUR;
    for (let i = 0; i < 3; i++) expect((await send(`7900444010${i}`, '10.0.1.1')).status).toBe(200);
    const refused = await send('79004440109', '10.0.1.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBe(3600);
    expect((await send('79004440109', '10.0.1.2')).status).toBe(200);
    expect(sent.map((m) => m.phone)).toEqual(['79004440100', '79004440101', '79004440102', '79004440109']);
  });

  it('globally: more than the cap per minute is refused for everyone until the minute ends', async () => {
    clock = T0 + 4 * HOUR;
    for (let i = 0; i < 4; i++) expect((await send(`7900444020${i}`, `10.0.2.${i}`)).status).toBe(200);
    clock += 20_000;
    const refused = await send('79004440209', '10.0.2.9');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('40');
    expect(sent).toHaveLength(4);
    clock += 40_000;
    expect((await send('79004440209', '10.0.2.9')).status).toBe(200);
    expect(sent).toHaveLength(5);
  });

  it('apply to every purpose, including recovery for unknown phones', async () => {
    clock = T0 + 5 * HOUR;
    const url = 'user/password/recovery/send/sms';
    for (let i = 0; i < 3; i++) expect((await send(`7900444030${i}`, '10.0.3.1', url)).status).toBe(200);
    const refused = await send('79990000001', '10.0.3.1', url);
    expect(refused.status).toBe(429);
    expect(sent).toHaveLength(0);
    // The three sends are counted; the refused fourth is not.
    const [row] = await db.query<{ hits: number }>("select count(*)::int as hits from rate_limit_events where key = 'sms:ip:10.0.3.1'");
    expect(row!.hits).toBe(3);
  });
});

describe("a deal's codes", () => {
  it('count against a per-phone bucket of their own, not the registration and recovery one, nor the IP', async () => {
    const { smsSendChecks } = await import('../src/modules/auth/codes/service');
    const { defaultAuthLimits } = await import('../src/modules/auth/settings');
    const keys = (purpose?: Parameters<typeof smsSendChecks>[3]) => smsSendChecks(defaultAuthLimits, '79004440009', '10.0.0.9', purpose).map((check) => [check.key, check.max]);
    // One deal with a revision takes five or more codes: the registration bucket (5 an hour) would stop it.
    expect(keys('sign')).toEqual([['sms:deal:79004440009', 60], ['sms:global', 60]]);
    expect(keys('executor_cancel')).toEqual([['sms:deal:79004440009', 60], ['sms:global', 60]]);
    expect(keys('register')).toEqual([['sms:phone:79004440009', 5], ['sms:ip:10.0.0.9', 20], ['sms:global', 60]]);
    // Invites are not asked for by the phone's owner: their own bucket, so they cannot lock him out of registration and recovery.
    // Nor do they spend the director's IP bucket: an office hiring a team would shut out its own registrations.
    expect(keys('invite')).toEqual([['sms:invite:79004440009', 5], ['sms:global', 60]]);
  });
});

describe('a sliding window, not a clock-aligned one', () => {
  // The default limits: 5 codes an hour per phone. A clock-aligned hour let 5 through at 10:55–10:59 and 5 more from 11:00.
  const START = Date.UTC(2031, 0, 16, 10, 55, 0);
  let defaults: FastifyInstance;
  beforeAll(async () => {
    defaults = await buildApp({ config: testConfig(), db, logger: false, now: () => clock, auth: { smsProvider: { send: async (m) => void sent.push(m) } } });
  });
  afterAll(() => defaults.close());
  const sendCode = async (phone: string) => {
    const res = await defaults.inject({ method: 'POST', url: '/api/register/code-receive/phone', payload: { phone }, remoteAddress: '10.0.4.1' });
    return { status: res.statusCode, retryAfter: res.headers['retry-after'] };
  };

  it('5 codes before the hour boundary and a 6th just after it: refused until the first of the five leaves the hour', async () => {
    const phone = '79004440401';
    // 10:55:00, 10:56:10, 10:57:20, 10:58:30, 10:59:40 (the resend interval is 60 s).
    for (let i = 0; i < 5; i++) {
      clock = START + i * 70_000;
      expect((await sendCode(phone)).status).toBe(200);
    }
    clock = START + 350_000; // 11:00:50
    const refused = await sendCode(phone);
    expect(refused.status).toBe(429);
    // 10:55:00 leaves the window at 11:55:00: 54 min 10 s from now.
    expect(refused.retryAfter).toBe(String(3600 - 350));
    expect(sent).toHaveLength(5);
  });

  it('exactly an hour after the first counted code the next one passes, and the window goes on sliding', async () => {
    const phone = '79004440402';
    const at = START + 2 * HOUR;
    for (let i = 0; i < 5; i++) {
      clock = at + i * 70_000;
      expect((await sendCode(phone)).status).toBe(200);
    }
    clock = at + HOUR - 1000;
    expect(await sendCode(phone)).toEqual({ status: 429, retryAfter: '1' });
    clock = at + HOUR;
    expect((await sendCode(phone)).status).toBe(200);
    // Full again: the second of the first five (at + 70 s) is the oldest now.
    clock = at + HOUR + 60_000;
    expect(await sendCode(phone)).toEqual({ status: 429, retryAfter: '10' });
    clock = at + HOUR + 70_000;
    expect((await sendCode(phone)).status).toBe(200);
    expect(sent).toHaveLength(7);
  });
});
