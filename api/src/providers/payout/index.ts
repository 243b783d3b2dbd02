import type { AppConfig } from '../../config';
import type { Queryable } from '../../db';
import { devPayoutProvider } from './dev';
import type { PayoutProvider } from './types';

export type { PayoutAnswer, PayoutOrder, PayoutProvider } from './types';
export { DEV_PAYOUT_FAILING_KOPECKS, DEV_PAYOUT_REFUSAL, devPayoutProvider } from './dev';

/** Null for `none`: no worker runs and withdrawals stay pending until a provider is configured. */
export function createPayoutProvider(config: Pick<AppConfig, 'payoutProvider'>, db: Queryable): PayoutProvider | null {
  switch (config.payoutProvider) {
    case 'dev':
      return devPayoutProvider(db);
    case 'none':
      return null;
    default:
      throw new Error(`Unknown PAYOUT_PROVIDER "${String(config.payoutProvider)}": use "dev" or "none".`);
  }
}
