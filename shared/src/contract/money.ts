import { z } from 'zod';
import { idSchema, MAX_AMOUNT, paginationQuery } from './common';
import { defineCall, IDEMPOTENCY_KEY_HEADER, listOf } from './define';
import { lazySchema } from './lazy-schema';

/**
 * Money in the cabinet (issue 10, ARCHITECTURE §8 "Payment and money", "Cabinet").
 *
 * Units: every `amount` / `balance` here is in roubles with at most two decimals, like
 * `balance/get/token` and application prices; the `...Kopecks` twin of each is the exact integer
 * the ledger keeps. A client that adds amounts should add the kopecks.
 */

/** Roubles with kopecks at most: `10.005` is refused, the ledger counts whole kopecks. */
export const withdrawalAmountSchema = lazySchema(() => z
  .number({ error: 'Укажите сумму числом' })
  .positive({ error: 'Сумма должна быть больше нуля' })
  .max(MAX_AMOUNT, { error: 'Слишком большая сумма' })
  .refine((v) => Number(v.toFixed(2)) === v, { error: 'Сумма — не точнее копеек' }));

export const payoutStatuses = ['pending', 'completed', 'failed'] as const;
export const payoutStatusSchema = lazySchema(() => z.enum(payoutStatuses));
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;
export const payoutStatusLabels: Record<PayoutStatus, string> = {
  pending: 'В обработке',
  completed: 'Выплачено',
  failed: 'Не выполнено',
};

/**
 * Kinds of a history line:
 * - `opening` — the balance carried over from before the ledger;
 * - `hold` — the customer's payment for an application, held until the work is accepted, dated
 *   by the payment, and its passing to the executor, dated by the release (informational: it never
 *   was on the balance, so it does not change it);
 * - `release` — the application's payment reaching the executor (in full, before the fee);
 * - `fee` — the platform's fee taken from that release (negative);
 * - `refund` — a held payment returned to the customer;
 * - `withdrawal` — money taken from the balance for a payout (negative; `payoutStatus` says how it went);
 * - `payout_failed` — a failed payout's money returned to the balance.
 */
export const balanceHistoryKinds = ['opening', 'hold', 'release', 'fee', 'refund', 'withdrawal', 'payout_failed'] as const;
export const balanceHistoryKindSchema = lazySchema(() => z.enum(balanceHistoryKinds));
export type BalanceHistoryKind = z.infer<typeof balanceHistoryKindSchema>;

export const balanceHistoryItemSchema = lazySchema(() => z.object({
  /** The ledger entry's id (unique across kinds). */
  id: idSchema,
  kind: balanceHistoryKindSchema,
  /** Russian line for the list, e.g. «Оплата по заявке №12»; a withdrawal's names its account: «… на банковский счёт ••••1234 …». */
  title: z.string(),
  /** Signed roubles: what the line did to the balance (a hold: the sum held). */
  amount: z.number(),
  amountKopecks: z.number().int(),
  /** True for lines that do not change the balance (`hold`). */
  informational: z.boolean(),
  applicationId: idSchema.nullable(),
  applicationNumber: z.number().int().nullable(),
  payoutId: idSchema.nullable(),
  payoutStatus: payoutStatusSchema.nullable(),
  /** Why the bank refused the line's payout (as in `balance/payout/get-collection`); null unless it did. */
  payoutFailureReason: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
}));
export type BalanceHistoryItem = z.infer<typeof balanceHistoryItemSchema>;

/** Newest first. The non-informational lines of all pages add up to the balance. */
export const balanceHistoryGetCollection = defineCall({
  method: 'GET',
  path: 'balance/history/get-collection',
  auth: 'required',
  summary: 'История операций по балансу активного профиля',
  query: lazySchema(() => z.object(paginationQuery(20))),
  data: lazySchema(() => listOf(balanceHistoryItemSchema)),
});

export const withdrawalBodySchema = lazySchema(() => z.object({
  amount: withdrawalAmountSchema,
  bankRequisiteId: idSchema,
}));
export type WithdrawalBody = z.infer<typeof withdrawalBodySchema>;

export const withdrawalSchema = lazySchema(() => z.object({
  /** The payout's id. */
  id: idSchema,
  /** Roubles. */
  amount: z.number(),
  amountKopecks: z.number().int(),
  status: payoutStatusSchema,
  /** The balance after the withdrawal, roubles. */
  balance: z.number(),
  balanceKopecks: z.number().int(),
}));
export type Withdrawal = z.infer<typeof withdrawalSchema>;

// The `Idempotency-Key` header every withdrawal must carry (1–200 characters): define.ts's.
export { IDEMPOTENCY_KEY_HEADER } from './define';

/**
 * Withdrawal from the active profile's balance to one of its own RUB requisites (owner or
 * organisation director). Header `Idempotency-Key` is required: the same key again answers the
 * same payout and moves nothing; a new key per press of the button. 409 when the balance is short.
 */
export const balanceRefundVirtualAccount = defineCall({
  method: 'POST',
  path: 'balance/refund_virtual_account',
  auth: 'required',
  headers: { [IDEMPOTENCY_KEY_HEADER]: { required: true, description: 'Ключ операции вывода: тот же ключ — тот же ответ и одна выплата' } },
  summary: 'Вывод средств с баланса на банковские реквизиты (заголовок Idempotency-Key обязателен)',
  body: withdrawalBodySchema,
  data: withdrawalSchema,
});

export const payoutItemSchema = lazySchema(() => z.object({
  id: idSchema,
  amount: z.number(),
  amountKopecks: z.number().int(),
  status: payoutStatusSchema,
  /** Russian label of the status. */
  statusLabel: z.string(),
  /** Why the bank refused (failed payouts), Russian when known. */
  failureReason: z.string().nullable(),
  bankRequisite: z
    .object({
      id: idSchema,
      recipientName: z.string(),
      bankName: z.string().nullable(),
      /** The settlement account with all but the last four digits hidden: `••••1234`. */
      accountMasked: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}));
export type PayoutItem = z.infer<typeof payoutItemSchema>;

/** The active profile's withdrawals, newest first, with their statuses. */
export const balancePayoutGetCollection = defineCall({
  method: 'GET',
  path: 'balance/payout/get-collection',
  auth: 'required',
  summary: 'Заявки на вывод средств активного профиля',
  query: lazySchema(() => z.object(paginationQuery(20))),
  data: lazySchema(() => listOf(payoutItemSchema)),
});

/**
 * A socket event of our own beside ARCHITECTURE §4's, to the profile's room (every tab and device
 * of its users): the profile's balance moved with no notification to carry the news — a withdrawal
 * taken, then paid out. Payload `{ profileId }`; the screens showing a balance read it again.
 */
export const BALANCE_CHANGED_EVENT = 'balance:changed';
