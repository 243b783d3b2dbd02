import { randomBytes } from 'node:crypto';
import { accessSync, constants as fsConstants, mkdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { DEMO_REQUISITES, parsePlatformRequisites, type PayeeRequisites } from './modules/payment/requisites';
import { DEFAULT_POOL_SIZE } from './db/postgres';

export interface AppConfig {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * DATABASE_POOL_SIZE: the connections the API keeps to a PostgreSQL server (10). Size it for the
   * server's cores (about twice as many): more only queue inside the server.
   */
  databasePoolSize: number;
  /**
   * REDIS_URL: API nodes share socket events (the socket.io Redis adapter) and rate-limit counts
   * through this Redis; without it sockets are per process and the counts live in PostgreSQL.
   */
  redisUrl: string | undefined;
  /**
   * The in-process cache of anonymous public list answers (plugins/public-cache.ts): on unless
   * LIST_CACHE=off. Several nodes (REDIS_URL) never use it: another node's write could not clear it.
   */
  listCache: boolean;
  /**
   * The lists' counts kept between writes (db/list-page.ts, plugins/public-cache.ts): on unless LIST_COUNT_CACHE=off.
   * Several nodes (REDIS_URL) never keep them, as `listCache`.
   */
  listCountCache: boolean;
  jwtSecret: string;
  /**
   * SEED_DEMO: an empty database gets the demo people, applications and facilities (published
   * password, README) beside the services catalogue. On outside production; production seeds the
   * catalogue alone unless SEED_DEMO=1.
   */
  seedDemo: boolean;
  publicOrigins: string[];
  logLevel: string;
  version: string;
  addressGazetteer: string | undefined;
  /** `dev` (an inbox at GET /api/dev/sms) or `smsru`; refused in production when `dev`. */
  smsProvider: string;
  /**
   * With the dev provider, callers other than loopback may read the SMS inbox only with this
   * token (header `X-Dev-Token`); without it the inbox answers loopback clients only.
   */
  devSmsToken: string | undefined;
  /** SMS.ru api_id and base URL (the URL is overridable for the tests' fake server). */
  smsRuApiId: string | undefined;
  smsRuUrl: string;
  dadataToken: string | undefined;
  /**
   * ADDRESS_PROVIDER: `dadata` (the default with DADATA_TOKEN) or `gazetteer` (the default
   * without): DaData's organisation and bank lookups may be on while addresses stay local.
   */
  addressProvider: 'dadata' | 'gazetteer';
  /** DaData suggestions API base URL (overridable for the tests' fake server). */
  dadataUrl: string;
  /**
   * Which proxies may name the client's address in X-Forwarded-For (per-IP limits read it):
   * none by default, `true` for any, a hop count, or addresses/CIDRs separated by commas.
   */
  trustProxy: TrustProxy;
  /** A `{z}/{x}/{y}` tile URL template for the map; null: the API draws its own at /api/tiles. */
  mapTileUrl: string | null;
  /** Uploaded files when S3 is not configured: DATA_DIR/files. */
  filesDir: string;
  /** PLATFORM_FEE_PERCENT: the share of a released payment kept by the platform, 0–100, two decimals at most. */
  platformFeePercent: number;
  /** S3-compatible storage (path-style `endpoint/bucket/key`), used when all four are set. */
  s3Endpoint: string | undefined;
  s3Bucket: string | undefined;
  s3AccessKey: string | undefined;
  s3SecretKey: string | undefined;
  /** The SigV4 signing region; most S3-compatible services accept `us-east-1`. */
  s3Region: string;
  /** PLATFORM_*: the payee on invoices and payment QR codes (demo requisites outside production). */
  platformRequisites: PayeeRequisites;
  /** PAYMENT_WEBHOOK_SECRET: the key of the bank's `X-Signature` HMAC on `payment/webhook`. */
  paymentWebhookSecret: string;
  /**
   * PAYOUT_PROVIDER: `dev` (transfers recorded in dev_payout_transfers; the default outside
   * production, refused in it) or `none` (the production default: withdrawals stay pending).
   */
  payoutProvider: PayoutProviderName;
  /** PAYOUT_POLL_SECONDS: how often the payout worker looks for pending payouts (5). */
  payoutPollSeconds: number;
  /** PAYOUT_CLAIM_TIMEOUT_SECONDS: after this a claimed, unanswered payout is asked again (60). */
  payoutClaimTimeoutSeconds: number;
  /**
   * REQUEST_TIMEOUT_SECONDS: a request's headers and whole body must arrive within this (300), or
   * it is answered 408 and its connection closed: a stalled body would hold its socket, and an
   * upload's partial file, for ever. Long enough for a 20 MB upload on a slow mobile link.
   */
  requestTimeoutSeconds: number;
  /**
   * FLOOD_LIMITS_SCALE: multiplies every per-user flood limit (messages, uploads, new applications;
   * auth/settings.ts) by this whole number (1). The e2e journeys and benchmarks run 100.
   */
  floodLimitsScale: number;
}

export type PayoutProviderName = 'dev' | 'none';

export function parsePayoutProvider(value: string | undefined, env: string | undefined): PayoutProviderName {
  const v = value?.trim() || (env === 'production' ? 'none' : 'dev');
  if (v !== 'dev' && v !== 'none') throw new Error(`PAYOUT_PROVIDER must be dev or none, not ${v}`);
  // The dev provider pays nothing and reports success: in production money would vanish.
  if (v === 'dev' && env === 'production') throw new Error('PAYOUT_PROVIDER=dev is refused when NODE_ENV=production: it marks payouts paid without paying. Leave it unset (payouts stay pending) or name a real provider.');
  return v;
}

function parsePositiveSeconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 86_400) throw new Error(`Invalid ${name}: ${value} (seconds, above 0)`);
  return n;
}

/** REQUEST_TIMEOUT_SECONDS: a second at least (less would round to Node's 0, «no limit»). */
function parseRequestTimeout(value: string | undefined): number {
  const seconds = parsePositiveSeconds('REQUEST_TIMEOUT_SECONDS', value, 300);
  if (seconds < 1) throw new Error(`Invalid REQUEST_TIMEOUT_SECONDS: ${value} (seconds, 1 at least)`);
  return seconds;
}

export function parseFloodLimitsScale(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new Error(`Invalid FLOOD_LIMITS_SCALE: ${value} (a whole number, 1–10000)`);
  return n;
}

export function parsePoolSize(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_POOL_SIZE;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`Invalid DATABASE_POOL_SIZE: ${value} (a whole number of connections, 1–1000)`);
  return n;
}

export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

export function parseAddressProvider(value: string | undefined, hasDadataToken: boolean): 'dadata' | 'gazetteer' {
  const v = value?.trim();
  if (!v) return hasDadataToken ? 'dadata' : 'gazetteer';
  if (v !== 'dadata' && v !== 'gazetteer') throw new Error(`ADDRESS_PROVIDER must be dadata or gazetteer, not ${v}`);
  if (v === 'dadata' && !hasDadataToken) throw new Error('ADDRESS_PROVIDER=dadata needs DADATA_TOKEN');
  return v;
}

/** The names proxy-addr knows for address ranges (Fastify's `trustProxy` list). */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a range name, or a CIDR (`10.0.0.0/8`, `10.0.0.0/255.0.0.0`, `fd00::/8`). */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (/^\d+$/.test(bits)) return Number(bits) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(bits) === 4;
}

/**
 * TRUST_PROXY: `true`, `false`, a hop count, or addresses/CIDRs/range names separated by commas;
 * anything else stops the start in one line (Fastify threw a stack at it: QA AAJ-4).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim();
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  const entries = v.split(',').map((s) => s.trim()).filter(Boolean);
  const wrong = entries.filter((entry) => !isProxyEntry(entry));
  if (wrong.length > 0) {
    throw new Error(`Invalid TRUST_PROXY: ${wrong.join(', ')} (true, a hop count, or addresses, CIDRs and loopback/linklocal/uniquelocal, comma-separated)`);
  }
  return entries;
}

/**
 * REDIS_URL, a `redis://` or `rediss://` URL: another value stopped the start with the client's
 * stack (QA AAJ-4). The value is not repeated: it may hold the password.
 */
export function parseRedisUrl(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  const url = URL.canParse(v) ? new URL(v) : null;
  if ((url?.protocol !== 'redis:' && url?.protocol !== 'rediss:') || !url.hostname) throw new Error('Invalid REDIS_URL: not a redis://[:password@]host:port[/db] URL');
  return v;
}

/** NODE_ENV's values: another («Production», «prod») started a development API with its demo accounts and dev inboxes (QA AAJ-1). */
const NODE_ENVS = ['production', 'development', 'test'];

export function parseNodeEnv(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return 'development';
  if (!NODE_ENVS.includes(value)) throw new Error(`Invalid NODE_ENV: ${value} (${NODE_ENVS.join(', ')})`);
  return value;
}

/**
 * ADDRESS_GAZETTEER: a readable file. A missing one was found only at the first address search,
 * which then failed for every user (QA AAJ-3).
 */
export function parseGazetteer(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  try {
    accessSync(value, fsConstants.R_OK);
    if (!statSync(value).isFile()) throw new Error('not a file');
  } catch {
    throw new Error(`Invalid ADDRESS_GAZETTEER: no readable file at ${value}`);
  }
  return value;
}

const defaultOrigins = [3000, 3001, 3002, 3003, 3004].flatMap((p) => [
  `http://localhost:${p}`,
  `http://127.0.0.1:${p}`,
]);

/**
 * PUBLIC_ORIGINS: origins, each a scheme and a host (`https://example.ru`). One without its scheme
 * («localhost:3000») matched no browser's Origin, and every call of the app failed its CORS check (QA AAJ-2).
 */
export function parseOrigins(value: string | undefined): string[] {
  if (!value?.trim()) return defaultOrigins;
  const given = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const originOf = (entry: string): string | null => {
    const url = URL.canParse(entry) ? new URL(entry) : null;
    if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username || url.password) return null;
    // As a browser's Origin header says it: lower case, punycode, no default port.
    return url.origin;
  };
  const wrong = given.filter((entry) => originOf(entry) === null);
  if (wrong.length > 0) throw new Error(`Invalid PUBLIC_ORIGINS: ${wrong.join(', ')} (origins with their scheme, as https://example.ru, comma-separated)`);
  return given.map((entry) => originOf(entry)!);
}

export function parseFeePercent(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  const percent = Number(value);
  // Two decimals at most: the ledger computes fees in exact basis points.
  if (!/^\d+(\.\d{1,2})?$/.test(value.trim()) || percent > 100) {
    throw new Error(`Invalid PLATFORM_FEE_PERCENT: ${value} (0–100, at most two decimals)`);
  }
  return percent;
}

/** The shortest JWT_SECRET production takes. */
export const MIN_PRODUCTION_JWT_SECRET = 32;

/**
 * A secret, key or token as given, or undefined when unset or blank: spaces are no secret (anyone
 * guesses them), and set-but-blank is unset as for the other settings (QA BBB-4, PPP-4).
 */
const secretOf = (value: string | undefined): string | undefined => (value?.trim() ? value : undefined);

/** Keeps a generated secret in DATA_DIR so tokens survive restarts of a local run. */
function resolveJwtSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  const production = env.NODE_ENV === 'production';
  const given = secretOf(env.JWT_SECRET);
  if (given) {
    // Anyone who guesses it signs tokens for any user: a word or a placeholder will not do.
    if (production && given.length < MIN_PRODUCTION_JWT_SECRET) {
      throw new Error(`JWT_SECRET must be at least ${MIN_PRODUCTION_JWT_SECRET} characters when NODE_ENV=production (openssl rand -base64 48)`);
    }
    return given;
  }
  if (production) throw new Error('JWT_SECRET is required when NODE_ENV=production');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * A fixed development secret, so a developer can sign a webhook by hand (README); production must
 * name its own, or anyone who read this file could mark invoices paid.
 */
export const DEV_PAYMENT_WEBHOOK_SECRET = 'dev-payment-webhook-secret';

function resolvePaymentWebhookSecret(env: NodeJS.ProcessEnv): string {
  const given = secretOf(env.PAYMENT_WEBHOOK_SECRET);
  if (given) return given;
  if (env.NODE_ENV === 'production') throw new Error('PAYMENT_WEBHOOK_SECRET is required when NODE_ENV=production');
  return DEV_PAYMENT_WEBHOOK_SECRET;
}

export function parseSeedDemo(value: string | undefined, nodeEnv: string | undefined): boolean {
  if (value === undefined || value.trim() === '') return nodeEnv !== 'production';
  if (value.trim() === '1') return true;
  if (value.trim() === '0') return false;
  throw new Error(`Invalid SEED_DEMO: ${value} (0 or 1)`);
}

/**
 * DATABASE_URL, a `postgres://` URL: another value was read by node-postgres as a host or a socket
 * («getaddrinfo ENOTFOUND base», QA BBB-3). The value is not repeated: it may hold the password.
 */
export function parseDatabaseUrl(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const url = URL.canParse(value) ? new URL(value) : null;
  // With no host (`postgres://`, `postgres:secret`) node-postgres went to 127.0.0.1:5432, which the
  // operator never wrote (QA DDD-4); a socket's folder may come as `?host=`.
  const host = url && (url.hostname || url.searchParams.get('host'));
  if ((url?.protocol !== 'postgres:' && url?.protocol !== 'postgresql:') || !host) throw new Error('Invalid DATABASE_URL: not a postgres://user:password@host:port/database URL');
  return value;
}

/** pino's levels: another name failed only once the database was migrated and seeded (QA BBB-2). */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function parseLogLevel(value: string | undefined): string {
  const level = value?.trim() || 'info';
  if (!LOG_LEVELS.includes(level)) throw new Error(`Invalid LOG_LEVEL: ${value} (${LOG_LEVELS.join(', ')})`);
  return level;
}

/**
 * The settings from `env`, each refused one named: all of them in one error, so a first production
 * start lists every missing secret and requisite at once, not one group per start. `checks` ask the
 * settings as a whole (the SMS provider's), and their refusals join the list.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, checks: ReadonlyArray<(config: AppConfig) => void> = []): AppConfig {
  const refused: string[] = [];
  // A refused setting's value is never used: the settings are not answered while any is refused.
  const setting = <T,>(parse: () => T): T => {
    try {
      return parse();
    } catch (error) {
      refused.push((error as Error).message);
      return undefined as T;
    }
  };
  // Set but blank is unset, as for the other settings (QA BBB-4: `PORT=` listened on a random port).
  const port = setting(() => {
    const value = Number(env.PORT?.trim() || 8080);
    if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`Invalid PORT: ${env.PORT}`);
    return value;
  });
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const config: AppConfig = {
    env: setting(() => parseNodeEnv(env.NODE_ENV)),
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir,
    databaseUrl: setting(() => parseDatabaseUrl(env.DATABASE_URL)),
    databasePoolSize: setting(() => parsePoolSize(env.DATABASE_POOL_SIZE)),
    redisUrl: setting(() => parseRedisUrl(env.REDIS_URL)),
    listCache: env.LIST_CACHE?.trim().toLowerCase() !== 'off',
    listCountCache: env.LIST_COUNT_CACHE?.trim().toLowerCase() !== 'off',
    jwtSecret: setting(() => resolveJwtSecret(env, dataDir)),
    seedDemo: setting(() => parseSeedDemo(env.SEED_DEMO, env.NODE_ENV)),
    publicOrigins: setting(() => parseOrigins(env.PUBLIC_ORIGINS)),
    logLevel: setting(() => parseLogLevel(env.LOG_LEVEL)),
    version: env.APP_VERSION ?? env.npm_package_version ?? '0.1.0',
    addressGazetteer: setting(() => parseGazetteer(env.ADDRESS_GAZETTEER)),
    smsProvider: env.SMS_PROVIDER || (env.NODE_ENV === 'production' ? 'smsru' : 'dev'),
    devSmsToken: secretOf(env.DEV_SMS_TOKEN),
    smsRuApiId: secretOf(env.SMS_RU_API_ID),
    smsRuUrl: env.SMS_RU_URL || 'https://sms.ru',
    dadataToken: secretOf(env.DADATA_TOKEN),
    dadataUrl: env.DADATA_URL || 'https://suggestions.dadata.ru',
    addressProvider: setting(() => parseAddressProvider(env.ADDRESS_PROVIDER, Boolean(secretOf(env.DADATA_TOKEN)))),
    trustProxy: setting(() => parseTrustProxy(env.TRUST_PROXY)),
    mapTileUrl: env.MAP_TILE_URL || null,
    filesDir: path.join(dataDir, 'files'),
    platformFeePercent: setting(() => parseFeePercent(env.PLATFORM_FEE_PERCENT)),
    s3Endpoint: env.S3_ENDPOINT || undefined,
    s3Bucket: env.S3_BUCKET || undefined,
    s3AccessKey: secretOf(env.S3_ACCESS_KEY),
    s3SecretKey: secretOf(env.S3_SECRET_KEY),
    s3Region: env.S3_REGION || 'us-east-1',
    platformRequisites: setting(() => parsePlatformRequisites(env)),
    paymentWebhookSecret: setting(() => resolvePaymentWebhookSecret(env)),
    payoutProvider: setting(() => parsePayoutProvider(env.PAYOUT_PROVIDER, env.NODE_ENV)),
    payoutPollSeconds: setting(() => parsePositiveSeconds('PAYOUT_POLL_SECONDS', env.PAYOUT_POLL_SECONDS, 5)),
    payoutClaimTimeoutSeconds: setting(() => parsePositiveSeconds('PAYOUT_CLAIM_TIMEOUT_SECONDS', env.PAYOUT_CLAIM_TIMEOUT_SECONDS, 60)),
    requestTimeoutSeconds: setting(() => parseRequestTimeout(env.REQUEST_TIMEOUT_SECONDS)),
    floodLimitsScale: setting(() => parseFloodLimitsScale(env.FLOOD_LIMITS_SCALE)),
  };
  for (const check of checks) setting(() => check(config));
  if (refused.length === 1) throw new Error(refused[0]);
  if (refused.length > 1) throw new Error(`${refused.length} settings refused:\n  ${refused.join('\n  ')}`);
  return config;
}

/** Configuration for tests: nothing is read from or written to disk. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: path.resolve('data-test'),
    databaseUrl: undefined,
    databasePoolSize: DEFAULT_POOL_SIZE,
    redisUrl: undefined,
    listCache: true,
    listCountCache: true,
    jwtSecret: 'test-secret',
    seedDemo: true,
    publicOrigins: defaultOrigins,
    logLevel: 'silent',
    version: 'test',
    addressGazetteer: undefined,
    smsProvider: 'dev',
    devSmsToken: undefined,
    smsRuApiId: undefined,
    smsRuUrl: 'http://127.0.0.1:9',
    dadataToken: undefined,
    dadataUrl: 'http://127.0.0.1:9',
    addressProvider: 'gazetteer',
    trustProxy: false,
    mapTileUrl: null,
    filesDir: path.resolve('data-test/files'),
    platformFeePercent: 0,
    s3Endpoint: undefined,
    s3Bucket: undefined,
    s3AccessKey: undefined,
    s3SecretKey: undefined,
    s3Region: 'us-east-1',
    platformRequisites: DEMO_REQUISITES,
    paymentWebhookSecret: 'test-payment-webhook-secret',
    payoutProvider: 'dev',
    payoutPollSeconds: 5,
    payoutClaimTimeoutSeconds: 60,
    requestTimeoutSeconds: 300,
    floodLimitsScale: 1,
    ...overrides,
  };
}
