import type { Db } from '../../db';
import { isStorableId } from '../../db/sql';
import { AppError, notFound } from '../../http/errors';
import { loadLifecycleRow, type Lifecycle } from '../application/lifecycle';
import type { MoneyService } from '../money/service';

export const PAYMENT_MESSAGES = {
  notFound: 'Заявка не найдена',
  notAwaiting: 'Заявка не ожидает оплаты',
  wrongAmount: 'Сумма платежа не совпадает со счётом',
  paid: 'Оплата получена',
} as const;

export interface PaymentInput {
  operationId: string;
  applicationId: number;
  amountKopecks: number;
}

/**
 * Money arriving from the bank for an application's invoice: held in escrow in the same
 * transaction as the application's payment state (§8). A replay of one `operationId` changes
 * nothing and answers as the first time did.
 */
export function paymentService({ db, money, lifecycle }: { db: Db; money: MoneyService; lifecycle: Lifecycle }) {
  return {
    async receive(input: PaymentInput): Promise<{ replayed: boolean }> {
      if (!isStorableId(input.applicationId)) throw notFound(PAYMENT_MESSAGES.notFound);
      const outcome = await db.transaction(async (tx) => {
        const [app] = await tx.query<{ id: number; number: number; customerProfileId: number; executorProfileId: number | null; paymentStatus: string; priceKopecks: number | null }>(
          `select id, number, customer_profile_id as "customerProfileId", executor_profile_id as "executorProfileId",
             payment_status as "paymentStatus", (price * 100)::bigint::float8 as "priceKopecks"
           from applications where id = $1 for update`,
          [input.applicationId],
        );
        if (!app) throw notFound(PAYMENT_MESSAGES.notFound);
        const ledger = money.on(tx);
        // A replay is answered before the state is checked: the first delivery already moved it on.
        // recordPayment answers it from the first transaction (409 if the operation differs).
        const seen = await tx.query('select 1 from ledger_transactions where operation_key = $1', [`payment:${input.operationId}`]);
        if (seen.length) {
          await ledger.recordPayment({ ...input, customerProfileId: app.customerProfileId });
          return { replayed: true, app };
        }
        if (app.paymentStatus !== 'awaiting') throw new AppError(409, 'not_awaiting', PAYMENT_MESSAGES.notAwaiting);
        if (app.priceKopecks !== input.amountKopecks) throw new AppError(422, 'wrong_amount', PAYMENT_MESSAGES.wrongAmount);
        const paid = await ledger.recordPayment({ ...input, customerProfileId: app.customerProfileId });
        if (!paid.replayed) {
          await tx.query(`update applications set payment_status = 'held', version = version + 1 where id = $1`, [app.id]);
        }
        return { replayed: paid.replayed, app };
      });
      if (!outcome.replayed) {
        const { number, executorProfileId } = outcome.app;
        // Work starts once paid and, with a contract uploaded, once both have signed it (ARCHITECTURE §8).
        const contract = executorProfileId ? (await loadLifecycleRow(db, outcome.app.id, null))?.contract : null;
        const unsigned = contract && !(contract.signedByCustomer && contract.signedByExecutor);
        const toExecutor = unsigned
          ? `Заявка № ${number} оплачена. Начать работу можно, когда договор подпишут обе стороны`
          : `Заявка № ${number} оплачена, можно начинать работу`;
        await lifecycle.announce(outcome.app.id, [
          { profileId: outcome.app.customerProfileId, message: `Заявка № ${number}: оплата получена` },
          ...(executorProfileId ? [{ profileId: executorProfileId, message: toExecutor }] : []),
        ]);
      }
      return { replayed: outcome.replayed };
    },
  };
}
export type PaymentService = ReturnType<typeof paymentService>;
