import { formatMoney } from 'shared/contract';
import type { Db } from '../../db';
import { isStorableId } from '../../db/sql';
import { notFound } from '../../http/errors';
import { balanceChanged } from '../../plugins/socket';
import { loadLifecycleRow, type Lifecycle } from '../application/lifecycle';
import type { CreditReason } from '../money/repository';
import type { MoneyService } from '../money/service';
import type { NotificationEmitter } from '../notification/service';

export const PAYMENT_MESSAGES = {
  notFound: 'Заявка не найдена',
  notAwaiting: 'Заявка не ожидает оплаты',
  wrongAmount: 'Сумма платежа не совпадает со счётом',
  paid: 'Оплата получена',
  /** The webhook's answer to the bank for a payment that matched no open invoice (kept on the customer's balance). */
  credited: {
    wrong_amount: 'Сумма платежа не совпадает со счётом: деньги зачислены на баланс заказчика',
    already_paid: 'Заявка уже оплачена: платёж зачислен на баланс заказчика',
    not_awaiting: 'Заявка не ожидает оплаты: платёж зачислен на баланс заказчика',
  } satisfies Record<CreditReason, string>,
} as const;

/** What the customer is told of a payment credited to the balance: what happened and where the money is. */
export function creditedNotice(applicationNumber: number, amountKopecks: number, reason: CreditReason): string {
  const amount = formatMoney(amountKopecks / 100);
  switch (reason) {
    case 'wrong_amount':
      return `Платёж ${amount} по заявке № ${applicationNumber} не совпал с суммой счёта: деньги зачислены на ваш баланс`;
    case 'already_paid':
      return `Заявка № ${applicationNumber} уже оплачена: повторный платёж ${amount} зачислен на ваш баланс`;
    case 'not_awaiting':
      return `Заявка № ${applicationNumber} не ожидает оплаты: платёж ${amount} зачислен на ваш баланс`;
  }
}

export interface PaymentInput {
  operationId: string;
  applicationId: number;
  amountKopecks: number;
}

export interface PaymentOutcome {
  replayed: boolean;
  /** Set when the money went to the customer's balance instead of the invoice, saying why. */
  credited?: CreditReason;
}

/** Paid (held or already passed on): a further payment is the same invoice paid twice. */
const PAID = new Set(['held', 'released']);

/** Where a notice of money credited to the balance leads: the balance, not the application. */
export const BALANCE_LINK = '/lk/money';

export interface PaymentServiceDeps {
  db: Db;
  money: MoneyService;
  lifecycle: Lifecycle;
  /** The app's socket.io: a credit's balance event goes to the profile's tabs after its commit. */
  io?: NotificationEmitter;
  log?: { error(obj: object, msg?: string): void };
}

/**
 * Money arriving from the bank for an application's invoice: held in escrow in the same
 * transaction as the application's payment state (§8). A payment that matches no open invoice
 * (another sum, an application already paid or awaiting none) has still reached the platform's
 * account: it is credited to the customer profile's balance in that transaction, and the customer
 * is told. A replay of one `operationId` changes nothing and answers as the first time did.
 */
export function paymentService({ db, money, lifecycle, io, log }: PaymentServiceDeps) {
  return {
    async receive(input: PaymentInput): Promise<PaymentOutcome> {
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
        const posting = { ...input, customerProfileId: app.customerProfileId };
        // A replay is answered before the state is checked: the first delivery already moved it on.
        // The ledger answers it from the first transaction (409 if the operation differs).
        const seen = await ledger.paymentOperation(input.operationId);
        if (seen?.kind === 'payment') {
          await ledger.recordPayment(posting);
          return { replayed: true, app };
        }
        if (seen?.kind === 'payment_to_balance') {
          const credit = await ledger.creditPayment({ ...posting, reason: seen.reason });
          return { replayed: true, credited: credit.reason, app };
        }
        const reason: CreditReason | null =
          app.paymentStatus !== 'awaiting' ? (PAID.has(app.paymentStatus) ? 'already_paid' : 'not_awaiting')
          : app.priceKopecks !== input.amountKopecks ? 'wrong_amount'
          : null;
        if (reason) {
          const credit = await ledger.creditPayment({ ...posting, reason });
          // Told in the same commit as the money (the profile's users: all see its balance), leading
          // where the money is; the bell and the balance hear it once that commit is done.
          const emit = credit.replayed
            ? null
            : await lifecycle.noticesIn(tx, app.id, [
                { profileId: app.customerProfileId, message: creditedNotice(app.number, input.amountKopecks, reason), link: BALANCE_LINK },
              ]);
          return { replayed: credit.replayed, credited: credit.reason, app, emit };
        }
        const paid = await ledger.recordPayment(posting);
        if (!paid.replayed) {
          await tx.query(`update applications set payment_status = 'held', version = version + 1 where id = $1`, [app.id]);
        }
        return { replayed: paid.replayed, app };
      });
      if (outcome.credited) {
        if (outcome.emit) {
          outcome.emit();
          balanceChanged(io, outcome.app.customerProfileId, log);
        }
        return { replayed: outcome.replayed, credited: outcome.credited };
      }
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
