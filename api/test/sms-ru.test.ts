import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import { assertSmsProviderAllowed, SmsDeliveryError } from '../src/providers/sms';
import { smsRuProvider } from '../src/providers/sms/sms-ru';
import { smsRuOk, startFakeSmsRu, type FakeSmsRu } from './fakes/sms-ru';
import { openTestDb } from './helpers';

let fake: FakeSmsRu;
let db: Db;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeSmsRu('api-id-123');
  ({ db, close: closeDb } = await openTestDb());
});
afterAll(async () => {
  await fake.close();
  await closeDb();
});
afterEach(() => {
  fake.answerWith(null);
  fake.requests.length = 0;
});

describe('SMS.ru client', () => {
  const provider = () => smsRuProvider({ apiId: 'api-id-123', url: fake.url });

  it('posts api_id, the number, the text and json=1 to /sms/send', async () => {
    await provider().send({ phone: '79001234567', text: 'Код для регистрации: 123456. Никому не сообщайте его.' });
    expect(fake.problems).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/sms/send',
      params: { api_id: 'api-id-123', to: '79001234567', json: '1', msg: 'Код для регистрации: 123456. Никому не сообщайте его.' },
    });
  });

  it('fails when SMS.ru refuses the request, the number, answers an HTTP error, garbage or nothing', async () => {
    fake.answerWith(() => ({ status: 200, body: { status: 'ERROR', status_code: 201, status_text: 'Не хватает средств' } }));
    await expect(provider().send({ phone: '79001234567', text: 'x 111111' })).rejects.toThrow(/201/);
    fake.answerWith((r) => ({ status: 200, body: { status: 'OK', status_code: 100, sms: { [r.params.to!]: { status: 'ERROR', status_code: 207, status_text: 'Нельзя' } } } }));
    await expect(provider().send({ phone: '79001234567', text: 'x 111111' })).rejects.toThrow(/207/);
    fake.answerWith(() => ({ status: 500, body: {} }));
    await expect(provider().send({ phone: '79001234567', text: 'x 111111' })).rejects.toThrow(SmsDeliveryError);
    fake.answerWith(() => ({ status: 200, body: 'not json' }));
    await expect(provider().send({ phone: '79001234567', text: 'x 111111' })).rejects.toThrow(SmsDeliveryError);
    fake.answerWith(() => 'drop');
    await expect(provider().send({ phone: '79001234567', text: 'x 111111' })).rejects.toThrow(/unreachable/);
    await expect(smsRuProvider({ apiId: undefined, url: fake.url }).send({ phone: '79001234567', text: 'x' })).rejects.toThrow(/SMS_RU_API_ID/);
  });

  it('gives up on an SMS.ru that does not answer within its time-out (QA Z-9)', async () => {
    fake.answerWith((r) => ({ status: 200, body: smsRuOk(r.params.to!), delayMs: 3000 }));
    const started = Date.now();
    const sent = smsRuProvider({ apiId: 'api-id-123', url: fake.url, timeoutMs: 100 }).send({ phone: '79001234567', text: 'x 111111' });
    await expect(sent).rejects.toThrow(SmsDeliveryError);
    await expect(sent).rejects.toThrow(/unreachable/);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('fails on an HTTP error whatever its body says (QA Z-25)', async () => {
    fake.answerWith((r) => ({ status: 500, body: smsRuOk(r.params.to!) }));
    await expect(provider().send({ phone: '79001234567', text: 'x 111111' })).rejects.toThrow(/HTTP 500/);
    fake.answerWith(() => ({ status: 503, body: { status: 'OK' } }));
    await expect(provider().send({ phone: '79001234567', text: 'x 111111' })).rejects.toThrow(/HTTP 503/);
  });

  it('a wrong api_id is refused by SMS.ru and so by the client', async () => {
    await expect(smsRuProvider({ apiId: 'wrong', url: fake.url }).send({ phone: '79001234567', text: 'x 111111' })).rejects.toThrow(SmsDeliveryError);
    expect(fake.problems).toEqual(['api_id']);
    fake.problems.length = 0;
  });
});

describe('API with SMS_PROVIDER=smsru', () => {
  const config = () => testConfig({ smsProvider: 'smsru', smsRuApiId: 'api-id-123', smsRuUrl: fake.url });

  it('sends the registration code through SMS.ru, and the code it sent confirms the phone', async () => {
    const app = await buildApp({ config: config(), db, logger: false });
    try {
      const sent = await app.inject({ method: 'POST', url: '/api/register/code-receive/phone', payload: { phone: '+7 901 000-11-22' } });
      expect(sent.statusCode).toBe(200);
      expect(fake.problems).toEqual([]);
      expect(fake.requests).toHaveLength(1);
      const { to, msg } = fake.requests[0]!.params;
      expect(to).toBe('79010001122');
      const code = /\b(\d{6})\b/.exec(msg!)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const checked = await app.inject({ method: 'POST', url: '/api/register/code-check/phone', payload: { phone: '79010001122', code } });
      expect(checked.json()).toEqual({ data: { phone: '79010001122', verified: true }, message: expect.any(String) });
      // No dev inbox with a real provider.
      expect((await app.inject({ method: 'GET', url: '/api/dev/sms?phone=79010001122' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('answers 502 "Не удалось отправить код" when SMS.ru refuses, and a retry need not wait 60 s', async () => {
    const app = await buildApp({ config: config(), db, logger: false });
    try {
      fake.answerWith(() => ({ status: 200, body: { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' } }));
      const failed = await app.inject({ method: 'POST', url: '/api/register/code-receive/phone', payload: { phone: '79010003344' } });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: 'Не удалось отправить код', code: 'sms_failed' });
      fake.answerWith(null);
      const retried = await app.inject({ method: 'POST', url: '/api/register/code-receive/phone', payload: { phone: '79010003344' } });
      expect(retried.statusCode).toBe(200);
      expect(fake.requests).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});

describe('production', () => {
  it('refuses to start with the dev SMS provider', async () => {
    await expect(buildApp({ config: testConfig({ env: 'production', smsProvider: 'dev' }), db, logger: false })).rejects.toThrow(
      /SMS_PROVIDER=dev is refused when NODE_ENV=production/,
    );
  });

  it('starts with SMS.ru and serves no dev inbox', async () => {
    const app = await buildApp({ config: testConfig({ env: 'production', smsProvider: 'smsru', smsRuApiId: 'x', smsRuUrl: fake.url }), db, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/dev/sms?phone=79990000001' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('refuses to start with SMS.ru but without its key, before anything else: every code would fail to send', async () => {
    expect(() => assertSmsProviderAllowed(testConfig({ env: 'production', smsProvider: 'smsru', smsRuApiId: undefined }))).toThrow(
      'SMS_RU_API_ID is required when NODE_ENV=production with SMS_PROVIDER=smsru: without it every SMS code fails to send.',
    );
    expect(() => assertSmsProviderAllowed(testConfig({ env: 'production', smsProvider: 'smsru', smsRuApiId: 'key' }))).not.toThrow();
    // Checked at start, with the other settings (server.ts), not when the app is built after the migrations.
    expect(() => assertSmsProviderAllowed(testConfig({ smsProvider: 'twilio' }))).toThrow('Unknown SMS_PROVIDER "twilio": use "dev" or "smsru".');
  });

  it('refuses an unknown provider name', async () => {
    await expect(buildApp({ config: testConfig({ smsProvider: 'carrier-pigeon' }), db, logger: false })).rejects.toThrow(/Unknown SMS_PROVIDER/);
  });
});
