import type { Queryable } from '../../db';
import { devTransfersRepository } from './dev-repository';
import type { PayoutAnswer, PayoutOrder, PayoutProvider } from './types';

/** The test switch: an amount whose kopecks are 13 (e.g. 100,13 ₽) is refused by the dev "bank". */
export const DEV_PAYOUT_FAILING_KOPECKS = 13;
export const DEV_PAYOUT_REFUSAL = 'Банк отклонил перевод (тестовый отказ: сумма с 13 копейками)';

export const devReference = (payoutId: number) => `dev-${payoutId}`;

/**
 * Development payouts: "paying" is a row in dev_payout_transfers keyed by the payout id, so a
 * retry after a crash finds the first transfer instead of making a second one.
 */
export function devPayoutProvider(db: Queryable): PayoutProvider {
  const transfers = devTransfersRepository(db);
  return {
    name: 'dev',
    async send(order: PayoutOrder): Promise<PayoutAnswer> {
      if (order.amountKopecks % 100 === DEV_PAYOUT_FAILING_KOPECKS) return { status: 'failed', reference: null, reason: DEV_PAYOUT_REFUSAL };
      await transfers.insert({ payoutId: order.payoutId, amountKopecks: order.amountKopecks, account: order.account, bic: order.bic });
      const made = await transfers.get(order.payoutId);
      // The same payout id with another amount is a bug in the caller: say so instead of "paid".
      if (!made || made.amountKopecks !== order.amountKopecks) throw new Error(`dev payout ${order.payoutId}: transfer differs from the order`);
      return { status: 'completed', reference: devReference(order.payoutId) };
    },
  };
}
