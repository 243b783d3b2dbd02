import type { AppConfig } from '../../config';
import type { Queryable } from '../../db';
import type { Clock } from '../../lib/clock';
import { devInboxRepository } from './dev-inbox-repository';
import { devSmsProvider } from './dev';
import { smsRuProvider } from './sms-ru';
import type { SmsProvider } from './types';

export type { SmsMessage, SmsProvider } from './types';
export { SmsDeliveryError } from './types';

type SmsConfig = Pick<AppConfig, 'env' | 'smsProvider' | 'smsRuApiId' | 'smsRuUrl'>;

const PROVIDERS = ['dev', 'smsru'];

/**
 * Checked at start, before the database is opened: a provider name unknown, the dev provider in
 * production (anyone could read every code from its inbox), or SMS.ru in production without its
 * key (every code would fail to send: nobody could register, recover a password or sign).
 */
export function assertSmsProviderAllowed(config: SmsConfig): void {
  if (!PROVIDERS.includes(config.smsProvider)) {
    throw new Error(`Unknown SMS_PROVIDER "${config.smsProvider}": use "dev" or "smsru".`);
  }
  if (config.env === 'production' && config.smsProvider === 'dev') {
    throw new Error('SMS_PROVIDER=dev is refused when NODE_ENV=production: its inbox at /api/dev/sms shows every code. Set SMS_PROVIDER=smsru and SMS_RU_API_ID.');
  }
  if (config.env === 'production' && config.smsProvider === 'smsru' && !config.smsRuApiId) {
    throw new Error('SMS_RU_API_ID is required when NODE_ENV=production with SMS_PROVIDER=smsru: without it every SMS code fails to send.');
  }
}

export function createSmsProvider(config: SmsConfig, db: Queryable, now: Clock): SmsProvider {
  assertSmsProviderAllowed(config);
  switch (config.smsProvider) {
    case 'dev':
      return devSmsProvider(devInboxRepository(db), now);
    case 'smsru':
      return smsRuProvider({ apiId: config.smsRuApiId, url: config.smsRuUrl });
    default:
      throw new Error(`Unknown SMS_PROVIDER "${config.smsProvider}": use "dev" or "smsru".`);
  }
}
