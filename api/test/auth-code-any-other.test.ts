import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { getJson, openTestDb } from './helpers';

/**
 * QA report S, S-4: only the code that was sent opens the door. Every other wrong-code test
 * derives its wrong code from the real one; here fixed codes a debug bypass would use (000000,
 * 123456, 999999) and the real code's neighbours are each refused, 422 `code_invalid`, and the
 * real code still works afterwards (fewer than the 5 tries are spent per code).
 */

let app: FastifyInstance;
let closeDb: () => Promise<void>;
const lax = { max: 1000, windowSeconds: 3600 };

beforeAll(async () => {
  const opened = await openTestDb();
  closeDb = opened.close;
  app = await buildApp({ config: testConfig(), db: opened.db, logger: false, auth: { limits: { smsPerIp: lax, smsPerPhone: lax, smsGlobal: lax } } });
});
afterAll(async () => {
  await app.close();
  await closeDb();
});

const check = async (phone: string, code: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/register/code-check/phone', payload: { phone, code } });
  return { status: res.statusCode, body: res.json() };
};

/** Sends a registration code to `phone` and reads it from the dev inbox. */
async function sentCode(phone: string): Promise<string> {
  expect((await app.inject({ method: 'POST', url: '/api/register/code-receive/phone', payload: { phone } })).statusCode).toBe(200);
  const code = (await getJson(app, `/api/dev/sms?phone=${phone}`)).body.data.items[0].code as string;
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

const sixDigits = (n: number) => String((n + 1_000_000) % 1_000_000).padStart(6, '0');

/** Each wrong code is refused in turn, then the real one is accepted (tries left: 5 − wrong). */
async function expectOnlyTheSentCode(phone: string, code: string, candidates: string[]) {
  const wrong = [...new Set(candidates)].filter((c) => c !== code);
  expect(wrong.length).toBeLessThan(5);
  for (const [i, candidate] of wrong.entries()) {
    const res = await check(phone, candidate);
    expect([candidate, res.status, res.body]).toEqual([
      candidate,
      422,
      expect.objectContaining({ code: 'code_invalid', errors: { code: `Неверный код, осталось попыток: ${4 - i}` } }),
    ]);
  }
  const right = await check(phone, code);
  expect(right.status).toBe(200);
  expect(right.body.data).toEqual({ phone, verified: true });
}

describe('an SMS code: any code but the one sent is refused', () => {
  it('000000, 123456 and 999999', async () => {
    const phone = '79004440001';
    await expectOnlyTheSentCode(phone, await sentCode(phone), ['000000', '123456', '999999']);
  });

  it('the sent code ± 1, kept six digits (999999 and 000000 wrap round)', async () => {
    const phone = '79004440002';
    const code = await sentCode(phone);
    await expectOnlyTheSentCode(phone, code, [sixDigits(Number(code) + 1), sixDigits(Number(code) - 1)]);
  });
});
