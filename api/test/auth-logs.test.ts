import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import type { SmsMessage } from '../src/providers/sms';
import { openTestDb, wholeSecret } from './helpers';

let db: Db;
let closeDb: () => Promise<void>;
beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
});
afterAll(() => closeDb());

describe('accounts logs', () => {
  it('contain no code, password or token from registration, login, renewal, recovery and a failed delivery', async () => {
    const lines: string[] = [];
    const sent: SmsMessage[] = [];
    let fail = false;
    const app = await buildApp({
      config: testConfig({ logLevel: 'debug' }),
      db,
      logStream: { write: (l) => void lines.push(l) },
      auth: {
        smsProvider: {
          send: async (m) => {
            if (fail) throw new Error('operator down');
            sent.push(m);
          },
        },
      },
    });
    const post = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST', headers: Record<string, string> = {}) =>
      app.inject({ method, url: `/api/${url}`, payload, headers });
    const phone = '79006667788';
    const password = 'секретный-пароль-1';
    await post('register/code-receive/phone', { phone });
    const code = sent[0]!.meta!.code;
    await post('register/code-check/phone', { phone, code: code === '000000' ? '000001' : '000000' });
    await post('register/code-check/phone', { phone, code });
    const registered = (await post('register', { phone, name: 'Логов Нет', password, passwordConfirm: password })).json().data;
    const renewed = (await post('token/renew', { refresh_token: registered.refresh_token })).json().data;
    // The rotated token again: the family is revoked (and logged without the token).
    expect((await post('token/renew', { refresh_token: registered.refresh_token })).statusCode).toBe(401);
    await post('login', { phone, password: 'неверный-пароль-2' });
    const loggedIn = (await post('login', { phone, password })).json().data;
    const changed = await post('user/password/change', { password, newPassword: 'новый-секрет-3', newPasswordConfirm: 'новый-секрет-3' }, 'PUT', {
      authorization: `Bearer ${loggedIn.token}`,
    });
    expect(changed.statusCode).toBe(200);
    await post('user/password/recovery/send/sms', { phone });
    const recoveryCode = sent[1]!.meta!.code;
    await post('user/password/recovery', { phone, code: recoveryCode });
    await post('user/password/recovery/change', { phone, code: recoveryCode, password: 'третий-секрет-4', passwordConfirm: 'третий-секрет-4' }, 'PUT');
    fail = true;
    expect((await post('register/code-receive/phone', { phone: '79006667799' })).statusCode).toBe(502);
    await app.close();

    const log = lines.join('');
    expect(log).toContain('sms delivery failed');
    expect(log).toContain('/api/token/renew');
    const secrets = [password, 'неверный-пароль-2', 'новый-секрет-3', 'третий-секрет-4', code, recoveryCode, registered.token, registered.refresh_token, renewed.token, renewed.refresh_token];
    for (const secret of secrets) expect(log).not.toMatch(wholeSecret(secret));
  });

  it('are checked for a secret standing whole, not for its digits inside a time', () => {
    expect('{"msg":"code 800643 sent"}').toMatch(wholeSecret('800643'));
    expect('{"body":{"code":"800643"}}').toMatch(wholeSecret('800643'));
    expect('{"time":1795814800643,"responseTime":16.80064399}').not.toMatch(wholeSecret('800643'));
    expect('{"token":"a.b+c"}').toMatch(wholeSecret('a.b+c'));
    expect('{"token":"axb+c"}').not.toMatch(wholeSecret('a.b+c'));
  });
});
