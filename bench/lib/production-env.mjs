// What the benchmarks' API processes run with: NODE_ENV=production, which refuses to start without
// a JWT secret of 32 characters or more, a webhook secret, a real SMS provider and the platform's
// requisites. The SMS provider points at a closed port: no benchmark sends a code.

/** The platform's requisites (PLATFORM_*): the payee production requires. */
const BENCH_REQUISITES = {
  PLATFORM_NAME: 'ООО «Бенчмарк»',
  PLATFORM_INN: '7700000009',
  PLATFORM_KPP: '770001001',
  PLATFORM_ACCOUNT: '40702810500000001234',
  PLATFORM_BANK_NAME: 'ПАО Сбербанк',
  PLATFORM_BIC: '044525225',
  PLATFORM_CORR_ACCOUNT: '30101810400000000225',
};

/** The environment of a benchmark's API in production mode; `webhookSecret` when the run signs webhooks. */
export function benchProductionEnv({ webhookSecret = 'bench' } = {}) {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-jwt-secret-of-32-characters-or-more',
    SMS_PROVIDER: 'smsru',
    SMS_RU_API_ID: 'bench',
    SMS_RU_URL: 'http://127.0.0.1:9',
    PAYMENT_WEBHOOK_SECRET: webhookSecret,
    // Per-user flood limits × 100: a benchmark's few users send in seconds what people send in hours
    // (bench:realtime's executors write about 8 messages each in 4 s per phase, more on a faster machine).
    FLOOD_LIMITS_SCALE: '100',
    ...BENCH_REQUISITES,
  };
}
