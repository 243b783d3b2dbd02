import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEV_PAYMENT_WEBHOOK_SECRET, loadConfig, parseAddressProvider, parseOrigins, parsePoolSize, parseTrustProxy } from './config';
import { DEMO_REQUISITES } from './modules/payment/requisites';
import { redactUrl } from './logger';
import { defaultFloodLimits, scaledFloodLimits, type FloodLimits } from './modules/auth/settings';
import { assertSmsProviderAllowed } from './providers/sms';

/** A data folder of its own per test, removed when the file is done. */
const made: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'api-config-'));
  made.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('config', () => {
  const tmp = tempDataDir;

  it('has the defaults of ARCHITECTURE §6', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicOrigins).toContain('http://localhost:3000');
    expect(config.publicOrigins).toContain('http://127.0.0.1:3004');
  });

  it('takes a blank PORT as unset, and refuses a LOG_LEVEL pino has not, before the database is opened (QA BBB-2, BBB-4)', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir, PORT: '' }).port).toBe(8080);
    expect(loadConfig({ DATA_DIR: dir, PORT: ' ' }).port).toBe(8080);
    expect(loadConfig({ DATA_DIR: dir }).logLevel).toBe('info');
    expect(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'verbose' })).toThrow('Invalid LOG_LEVEL: verbose (fatal, error, warn, info, debug, trace, silent)');
  });

  it('refuses a DATABASE_URL that is not a postgres:// URL, without repeating it (QA BBB-3)', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' }).databaseUrl).toBe('postgres://u:p@127.0.0.1:5432/db');
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgresql://u@db/market' }).databaseUrl).toBe('postgresql://u@db/market');
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'notaurl-secret' })).toThrow(/^Invalid DATABASE_URL: not a postgres:\/\/user:password@host:port\/database URL$/);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'mysql://u:p@h/db' })).toThrow(/Invalid DATABASE_URL/);
    // No host: node-postgres went to 127.0.0.1:5432, which nobody wrote (QA DDD-4); a socket's folder as `?host=` is one.
    for (const hostless of ['postgres://', 'postgres:S3cretPW', 'postgresql:///market']) {
      expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: hostless })).toThrow(/^Invalid DATABASE_URL: not a postgres:\/\/user:password@host:port\/database URL$/);
    }
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres:///market?host=/var/run/postgresql' }).databaseUrl).toBe('postgres:///market?host=/var/run/postgresql');
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('requires JWT_SECRET in production, of 32 characters at least', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
    expect(loadConfig({ ...productionEnv, DATA_DIR: tmp() }).jwtSecret).toBe(LONG_SECRET);
    // A placeholder or a word is refused there; a local run takes any.
    for (const weak of ['change-me-in-production', 'x'.repeat(31)]) {
      expect(() => loadConfig({ ...productionEnv, DATA_DIR: tmp(), JWT_SECRET: weak })).toThrow('JWT_SECRET must be at least 32 characters');
    }
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's' }).jwtSecret).toBe('s');
  });

  it('seeds the demo accounts outside production only, unless SEED_DEMO says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).seedDemo).toBe(true);
    expect(loadConfig({ ...productionEnv, DATA_DIR: tmp() }).seedDemo).toBe(false);
    expect(loadConfig({ ...productionEnv, DATA_DIR: tmp(), SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(() => loadConfig({ DATA_DIR: tmp(), SEED_DEMO: 'yes' })).toThrow('Invalid SEED_DEMO: yes (0 or 1)');
  });

  it('reads LIST_CACHE: on unless set to off', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).listCache).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), LIST_CACHE: 'off' }).listCache).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), LIST_CACHE: ' OFF ' }).listCache).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), LIST_CACHE: 'on' }).listCache).toBe(true);
  });

  it('reads LIST_COUNT_CACHE: on unless set to off', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).listCountCache).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), LIST_COUNT_CACHE: ' Off' }).listCountCache).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), LIST_COUNT_CACHE: 'on' }).listCountCache).toBe(true);
  });

  it('reads FLOOD_LIMITS_SCALE: 1 unless set, a whole number from 1 to 10000', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).floodLimitsScale).toBe(1);
    expect(loadConfig({ DATA_DIR: tmp(), FLOOD_LIMITS_SCALE: '100' }).floodLimitsScale).toBe(100);
    for (const bad of ['0', '-1', '1.5', 'off', '10001']) expect(() => loadConfig({ DATA_DIR: tmp(), FLOOD_LIMITS_SCALE: bad })).toThrow(/FLOOD_LIMITS_SCALE/);
  });

  it('FLOOD_LIMITS_SCALE multiplies every flood limit’s max, and leaves its window', () => {
    expect(scaledFloodLimits(1)).toEqual(defaultFloodLimits);
    expect(scaledFloodLimits(100).messagesPerMinute).toEqual({ max: 3000, windowSeconds: 60 });
    const scaled = scaledFloodLimits(100);
    for (const [name, rule] of Object.entries(defaultFloodLimits)) expect([name, scaled[name as keyof FloodLimits]]).toEqual([name, { ...rule, max: rule.max * 100 }]);
  });

  it('reads REDIS_URL; unset or blank keeps the single-process behaviour', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).redisUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tmp(), REDIS_URL: '  ' }).redisUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tmp(), REDIS_URL: 'redis://cache:6379/2' }).redisUrl).toBe('redis://cache:6379/2');
  });

  it('refuses a REDIS_URL that is not a redis:// URL in one line, without repeating it (QA AAJ-4)', () => {
    expect(loadConfig({ DATA_DIR: tmp(), REDIS_URL: 'rediss://:pw@cache:6380' }).redisUrl).toBe('rediss://:pw@cache:6380');
    for (const bad of ['localhost:6379', 'garbage', 'http://cache:6379', 'redis://']) {
      expect(() => loadConfig({ DATA_DIR: tmp(), REDIS_URL: bad })).toThrow(/^Invalid REDIS_URL: not a redis:\/\/\[:password@\]host:port\[\/db\] URL$/);
    }
  });

  it('parses PUBLIC_ORIGINS as a comma list of origins, as a browser names them', () => {
    expect(parseOrigins('https://a.ru/, https://b.ru')).toEqual(['https://a.ru', 'https://b.ru']);
    expect(parseOrigins('HTTPS://Market.Example:443,http://localhost:3000')).toEqual(['https://market.example', 'http://localhost:3000']);
  });

  it('refuses an origin without its scheme, with a path or of another scheme, naming it (QA AAJ-2: every CORS check failed)', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PUBLIC_ORIGINS: 'localhost:33970, https://ok.ru' })).toThrow(
      'Invalid PUBLIC_ORIGINS: localhost:33970 (origins with their scheme, as https://example.ru, comma-separated)',
    );
    for (const bad of ['example.ru', 'https://a.ru/app', 'ftp://a.ru', 'https://a.ru?x=1']) expect(() => parseOrigins(bad)).toThrow(/^Invalid PUBLIC_ORIGINS/);
  });

  it('knows NODE_ENV production, development and test, and refuses a misspelt one rather than start a development API (QA AAJ-1)', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).env).toBe('development');
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'test' }).env).toBe('test');
    for (const bad of ['Production', 'prod', 'production ']) {
      expect(() => loadConfig({ DATA_DIR: tmp(), NODE_ENV: bad })).toThrow(`Invalid NODE_ENV: ${bad} (production, development, test)`);
    }
  });

  it('refuses an ADDRESS_GAZETTEER that is not a readable file at start (QA AAJ-3)', () => {
    const dir = tmp();
    const file = path.join(dir, 'city.csv');
    writeFileSync(file, 'address,postal_code\n');
    expect(loadConfig({ DATA_DIR: dir, ADDRESS_GAZETTEER: file }).addressGazetteer).toBe(file);
    expect(() => loadConfig({ DATA_DIR: dir, ADDRESS_GAZETTEER: '/nope/city.csv' })).toThrow('Invalid ADDRESS_GAZETTEER: no readable file at /nope/city.csv');
    expect(() => loadConfig({ DATA_DIR: dir, ADDRESS_GAZETTEER: dir })).toThrow(/^Invalid ADDRESS_GAZETTEER/);
  });
});

/** A production environment that starts: every secret and the platform's requisites named. */
const platformEnv = {
  PLATFORM_NAME: 'ООО «Площадка»',
  PLATFORM_INN: '7707123458',
  PLATFORM_KPP: '770701001',
  PLATFORM_ACCOUNT: '40702810200000000001',
  PLATFORM_BANK_NAME: 'ПАО Сбербанк',
  PLATFORM_BIC: '044525225',
  PLATFORM_CORR_ACCOUNT: '30101810400000000225',
};
const LONG_SECRET = 'a-production-secret-of-32-or-more-characters';
const productionEnv = { NODE_ENV: 'production', JWT_SECRET: LONG_SECRET, PAYMENT_WEBHOOK_SECRET: 'w', ...platformEnv };

describe('payment settings', () => {
  const dataDir = tempDataDir;

  it('uses the demo requisites and a fixed webhook secret for a local run', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.platformRequisites).toEqual(DEMO_REQUISITES);
    expect(config.paymentWebhookSecret).toBe(DEV_PAYMENT_WEBHOOK_SECRET);
  });

  it('reads PLATFORM_* and PAYMENT_WEBHOOK_SECRET', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), ...platformEnv, PLATFORM_BIC: ' 044525225 ', PAYMENT_WEBHOOK_SECRET: 'whsec' });
    expect(config.platformRequisites).toEqual({
      name: 'ООО «Площадка»',
      inn: '7707123458',
      kpp: '770701001',
      account: '40702810200000000001',
      bankName: 'ПАО Сбербанк',
      bic: '044525225',
      corrAccount: '30101810400000000225',
    });
    expect(config.paymentWebhookSecret).toBe('whsec');
  });

  it('refuses to start in production without PAYMENT_WEBHOOK_SECRET or with the demo requisites', () => {
    expect(loadConfig({ ...productionEnv, DATA_DIR: dataDir() }).paymentWebhookSecret).toBe('w');
    expect(() => loadConfig({ ...productionEnv, DATA_DIR: dataDir(), PAYMENT_WEBHOOK_SECRET: '' })).toThrow(/PAYMENT_WEBHOOK_SECRET is required/);
    const { NODE_ENV, JWT_SECRET, PAYMENT_WEBHOOK_SECRET } = productionEnv;
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV, JWT_SECRET, PAYMENT_WEBHOOK_SECRET })).toThrow(/PLATFORM_NAME.*required/);
  });

  it('refuses a partial set of PLATFORM_*, naming what is missing', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PLATFORM_INN: '7707123458' })).toThrow(/PLATFORM_NAME.*PLATFORM_ACCOUNT/);
  });

  it('refuses requisites whose check digits fail, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...platformEnv, PLATFORM_ACCOUNT: '40702810300000000001' })).toThrow(/PLATFORM_ACCOUNT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...platformEnv, PLATFORM_INN: '7707123457' })).toThrow(/PLATFORM_INN/);
  });
});

describe('log redaction', () => {
  it('blanks secret query parameters in logged URLs', () => {
    const url = redactUrl('/api/x?id=5&token=abc&code=123456&refresh_token=r');
    expect(url).not.toMatch(/abc|123456|=r(&|$)/);
    expect(url).toContain('id=5');
  });

  it('blanks what a person typed or is known by: a search, a phone, an e-mail (QA P-6)', () => {
    const url = decodeURIComponent(redactUrl('/api/organization/employee/get-collection?query=%2B7%20999%20000-00-14&page=2&phone=79990000001&email=a%40b.ru'));
    expect(url).not.toMatch(/999|a@b/);
    expect(url).toContain('page=2');
    expect(url).toContain('query=[скрыто]');
  });

  it('matches a key by its decoded form, and any key naming a password, keeping the key as it came', () => {
    const url = redactUrl('/api/x?ph%6Fne=79990000001&p%61ssword=s3cret&current_password=s3cret2&OldPassword=x9&id=5');
    expect(url).not.toMatch(/7999|s3cret|x9/);
    expect(url).toContain('ph%6Fne=[скрыто]');
    expect(url).toContain('p%61ssword=[скрыто]');
    expect(url).toContain('current_password=[скрыто]');
    expect(url).toContain('OldPassword=[скрыто]');
    expect(url).toContain('id=5');
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('keeps 10 connections unless told, and refuses what is not a whole number of them', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).databasePoolSize).toBe(10);
    expect(parsePoolSize('4')).toBe(4);
    expect(parsePoolSize(' ')).toBe(10);
    for (const bad of ['0', '-2', '2.5', 'много', '1001']) expect(() => parsePoolSize(bad)).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe('REQUEST_TIMEOUT_SECONDS', () => {
  it('gives a request 300 s to arrive unless told, and refuses what is not a number of seconds above 0 (QA AA-1)', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).requestTimeoutSeconds).toBe(300);
    expect(loadConfig({ DATA_DIR: tempDataDir(), REQUEST_TIMEOUT_SECONDS: '120' }).requestTimeoutSeconds).toBe(120);
    for (const bad of ['0', '0.2', '-5', 'долго', '86401']) expect(() => loadConfig({ DATA_DIR: tempDataDir(), REQUEST_TIMEOUT_SECONDS: bad })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, so a client cannot pick its own address for per-IP limits', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
  });

  it('reads true, a hop count or a list of addresses', () => {
    expect(parseTrustProxy('true')).toBe(true);
    const oneHop = parseTrustProxy('1') as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.2', 1)]).toEqual([true, false]);
    expect(parseTrustProxy('10.0.0.1, 172.16.0.0/12')).toEqual(['10.0.0.1', '172.16.0.0/12']);
    expect(parseTrustProxy('loopback, fd00::/8, 10.0.0.0/255.0.0.0')).toEqual(['loopback', 'fd00::/8', '10.0.0.0/255.0.0.0']);
  });

  it('refuses what is none of those in one line, naming it, rather than Fastify’s stack at start (QA AAJ-4)', () => {
    expect(() => parseTrustProxy('garbage!!')).toThrow('Invalid TRUST_PROXY: garbage!! (true, a hop count, or addresses, CIDRs and loopback/linklocal/uniquelocal, comma-separated)');
    for (const bad of ['10.0.0.1/33', '10.0.0.256', 'proxy.local', '10.0.0.0/8/1', 'yes']) expect(() => parseTrustProxy(`127.0.0.1, ${bad}`)).toThrow(`Invalid TRUST_PROXY: ${bad} (`);
  });
});

describe('ADDRESS_PROVIDER', () => {
  it('follows DADATA_TOKEN by default', () => {
    expect(parseAddressProvider(undefined, true)).toBe('dadata');
    expect(parseAddressProvider('', false)).toBe('gazetteer');
  });

  it('keeps addresses local while DaData answers organisations and banks', () => {
    expect(parseAddressProvider('gazetteer', true)).toBe('gazetteer');
  });

  it('refuses an unknown provider and DaData without a token', () => {
    expect(() => parseAddressProvider('yandex', true)).toThrow('ADDRESS_PROVIDER must be dadata or gazetteer');
    expect(() => parseAddressProvider('dadata', false)).toThrow('needs DADATA_TOKEN');
  });
});

describe('a start refused for several settings', () => {
  it('names every refused setting in one error, the checks of the whole among them, not one group per start', () => {
    const refusal = () => loadConfig({ DATA_DIR: tempDataDir(), NODE_ENV: 'production', LOG_LEVEL: 'loud' }, [assertSmsProviderAllowed]);
    expect(refusal).toThrow(/^5 settings refused:\n/);
    for (const named of [/JWT_SECRET is required/, /PLATFORM_NAME.*required/, /PAYMENT_WEBHOOK_SECRET is required/, /Invalid LOG_LEVEL: loud/, /SMS_RU_API_ID is required/]) {
      expect(refusal).toThrow(named);
    }
  });

  it('takes a secret of spaces for none: production refuses it as unset, not signing with a key anyone guesses (QA PPP-4)', () => {
    const blank = ' '.repeat(40);
    const refusal = () =>
      loadConfig({ DATA_DIR: tempDataDir(), NODE_ENV: 'production', JWT_SECRET: blank, PAYMENT_WEBHOOK_SECRET: '   ', SMS_RU_API_ID: '  ' }, [assertSmsProviderAllowed]);
    for (const named of [/JWT_SECRET is required/, /PAYMENT_WEBHOOK_SECRET is required/, /SMS_RU_API_ID is required/]) {
      expect(refusal).toThrow(named);
    }
    // Outside production a blank one is generated or the development one, as when unset.
    const dev = loadConfig({ DATA_DIR: tempDataDir(), JWT_SECRET: blank, PAYMENT_WEBHOOK_SECRET: ' ', DADATA_TOKEN: ' ' });
    expect(dev.jwtSecret.trim()).not.toBe('');
    expect(dev.paymentWebhookSecret).toBe(DEV_PAYMENT_WEBHOOK_SECRET);
    expect(dev.dadataToken).toBeUndefined();
    expect(dev.addressProvider).toBe('gazetteer');
  });

  it('a single refused setting is said as before, and settings that pass are answered with the checks run on them', () => {
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), PORT: 'x' })).toThrow(/^Invalid PORT: x$/);
    const seen: number[] = [];
    expect(loadConfig({ DATA_DIR: tempDataDir(), PORT: '8123' }, [(config) => void seen.push(config.port)]).port).toBe(8123);
    expect(seen).toEqual([8123]);
  });
});
