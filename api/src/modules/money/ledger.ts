import type { Queryable } from '../../db';
import { AppError, notFound } from '../../http/errors';
import { IDEMPOTENCY_KEY_REUSED } from '../../http/idempotency-key';
import { feeOf } from './fees';
import { ACCOUNTS, escrowAccount, moneyRepository, profileAccount, type CreditReason, type Entry, type PayoutRow, type TransactionKind } from './repository';

export const MONEY_MESSAGES = {
  insufficientFunds: 'Недостаточно средств на балансе',
  invalidAmount: 'Сумма должна быть целым положительным числом копеек',
  invalidKey: 'Укажите ключ идемпотентности',
  keyReused: IDEMPOTENCY_KEY_REUSED,
  nothingHeld: 'По заявке нет удержанных средств',
  payoutNotFound: 'Выплата не найдена',
  payoutSettled: 'Выплата уже завершена с другим результатом',
} as const;

export interface LedgerDeps {
  feeBasisPoints: bigint;
  now: () => Date;
}
export interface PaymentResult {
  transactionId: number;
  applicationId: number;
  amountKopecks: number;
  replayed: boolean;
}
/** A bank payment put on the customer's balance: it matched no open invoice (`reason`). */
export interface CreditResult {
  transactionId: number;
  applicationId: number;
  amountKopecks: number;
  reason: CreditReason;
  replayed: boolean;
}
/** What one bank operation was posted as: held for its invoice, or credited to the customer's balance (and why). */
export type PaymentOperation = { kind: 'payment'; reason: null } | { kind: 'payment_to_balance'; reason: CreditReason };
export interface SettlementResult {
  transactionId: number;
  applicationId: number;
  amountKopecks: number;
  feeKopecks: number;
  /** What reached the executor (release) or the customer (refund). */
  paidOutKopecks: number;
}
export interface PayoutResult {
  id: number;
  amountKopecks: number;
  status: PayoutRow['status'];
  balanceKopecks: number;
  replayed: boolean;
}

function requireKopecks(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError(422, 'validation', MONEY_MESSAGES.invalidAmount, { amount: MONEY_MESSAGES.invalidAmount });
}

function requireKey(key: string): void {
  if (!key.trim() || key.length > 200) throw new AppError(422, 'validation', MONEY_MESSAGES.invalidKey);
}

/**
 * Ledger operations on a Queryable the caller has opened a transaction on: the lifecycle runs
 * them inside its transition, moneyService wraps each in its own. Every debit first locks the
 * account it takes from, so a balance read after the lock cannot be spent twice.
 */
export function ledger(q: Queryable, deps: LedgerDeps) {
  const repo = moneyRepository(q);

  async function post(kind: TransactionKind, entries: Entry[], refs: { applicationId?: number; profileId?: number; operationKey?: string; creditReason?: CreditReason }) {
    const posted = entries.filter((e) => e.amountKopecks !== 0n);
    // The trigger checks this again at commit; failing here names the bug before SQL does.
    if (posted.reduce((s, e) => s + e.amountKopecks, 0n) !== 0n) throw new Error(`unbalanced ${kind} transaction`);
    const at = deps.now();
    const id = await repo.insertTransaction({
      kind,
      applicationId: refs.applicationId ?? null,
      profileId: refs.profileId ?? null,
      operationKey: refs.operationKey ?? null,
      creditReason: refs.creditReason ?? null,
      at,
    });
    if (id !== undefined) await repo.insertEntries(id, posted, at);
    return id;
  }

  /** Moves everything held for an application to `to`, less the fee; exactly once per held sum. */
  async function settle(kind: 'release' | 'refund', applicationId: number, profileId: number, feeBp: bigint): Promise<SettlementResult> {
    const escrow = await repo.ensureEscrowAccount(applicationId);
    await repo.lockAccount(escrow);
    const held = await repo.sumOf(escrow);
    if (held <= 0) throw new AppError(409, 'nothing_held', MONEY_MESSAGES.nothingHeld);
    const fee = feeOf(held, feeBp);
    const to = await repo.ensureProfileAccount(profileId);
    const entries: Entry[] = [
      { account: escrow, amountKopecks: -BigInt(held) },
      { account: to, amountKopecks: BigInt(held - fee) },
      { account: ACCOUNTS.fees, amountKopecks: BigInt(fee) },
    ];
    const transactionId = (await post(kind, entries, { applicationId, profileId }))!;
    return { transactionId, applicationId, amountKopecks: held, feeKopecks: fee, paidOutKopecks: held - fee };
  }

  async function payoutResult(p: PayoutRow, replayed: boolean): Promise<PayoutResult> {
    const balanceKopecks = await repo.sumOf(await repo.ensureProfileAccount(p.profileId));
    return { id: p.id, amountKopecks: p.amountKopecks, status: p.status, balanceKopecks, replayed };
  }

  async function settlePayout(id: number, status: 'completed' | 'failed'): Promise<PayoutResult> {
    const moved = await repo.settlePayout(id, status, deps.now());
    if (!moved) {
      const current = await repo.payout(id);
      if (!current) throw notFound(MONEY_MESSAGES.payoutNotFound);
      // The bank may report one outcome twice; a different outcome for a settled payout is a conflict.
      if (current.status !== status) throw new AppError(409, 'payout_settled', MONEY_MESSAGES.payoutSettled);
      return payoutResult(current, true);
    }
    const amount = BigInt(moved.amountKopecks);
    const to = status === 'completed' ? ACCOUNTS.bank : await repo.ensureProfileAccount(moved.profileId);
    const entries = [
      { account: ACCOUNTS.payoutsPending, amountKopecks: -amount },
      { account: to, amountKopecks: amount },
    ];
    await post(status === 'completed' ? 'payout' : 'payout_failed', entries, { profileId: moved.profileId, operationKey: `${status}:payout:${id}` });
    return payoutResult(moved, false);
  }

  return {
    /** Bank → escrow. A replay of one operationId answers the first result and posts nothing. */
    async recordPayment(input: { applicationId: number; customerProfileId: number; amountKopecks: number; operationId: string }): Promise<PaymentResult> {
      requireKopecks(input.amountKopecks);
      requireKey(input.operationId);
      const operationKey = `payment:${input.operationId}`;
      const escrow = await repo.ensureEscrowAccount(input.applicationId);
      // Serialises with a release or refund of the same escrow, so a payment never lands mid-settlement.
      await repo.lockAccount(escrow);
      const entries = [
        { account: ACCOUNTS.bank, amountKopecks: -BigInt(input.amountKopecks) },
        { account: escrow, amountKopecks: BigInt(input.amountKopecks) },
      ];
      const id = await post('payment', entries, { applicationId: input.applicationId, profileId: input.customerProfileId, operationKey });
      if (id !== undefined) return { transactionId: id, applicationId: input.applicationId, amountKopecks: input.amountKopecks, replayed: false };
      const first = (await repo.transactionByKey(operationKey))!;
      const amountKopecks = await repo.entryOf(first.id, escrowAccount(first.applicationId!));
      if (first.applicationId !== input.applicationId || amountKopecks !== input.amountKopecks) {
        throw new AppError(409, 'operation_reused', MONEY_MESSAGES.keyReused);
      }
      return { transactionId: first.id, applicationId: input.applicationId, amountKopecks, replayed: true };
    },

    /**
     * Bank → the customer's balance: money that reached the platform for an application but
     * matches no open invoice (a sum other than the invoice's, a second payment). Keyed by the
     * operation like recordPayment, so one operationId is posted once, whichever way it went; a
     * replay answers the first result, a reuse with another application or sum is a 409.
     */
    async creditPayment(input: { applicationId: number; customerProfileId: number; amountKopecks: number; operationId: string; reason: CreditReason }): Promise<CreditResult> {
      requireKopecks(input.amountKopecks);
      requireKey(input.operationId);
      const operationKey = `payment:${input.operationId}`;
      // The ledger names the application from now on: its escrow account (empty) is what says so,
      // and what refuses the application's deletion (the lifecycle's moneyMoved) before the
      // transaction's foreign key would.
      await repo.ensureEscrowAccount(input.applicationId);
      const to = await repo.ensureProfileAccount(input.customerProfileId);
      const entries = [
        { account: ACCOUNTS.bank, amountKopecks: -BigInt(input.amountKopecks) },
        { account: to, amountKopecks: BigInt(input.amountKopecks) },
      ];
      const id = await post('payment_to_balance', entries, {
        applicationId: input.applicationId,
        profileId: input.customerProfileId,
        operationKey,
        creditReason: input.reason,
      });
      const result = { applicationId: input.applicationId, amountKopecks: input.amountKopecks };
      if (id !== undefined) return { ...result, transactionId: id, reason: input.reason, replayed: false };
      const first = (await repo.transactionByKey(operationKey))!;
      const amountKopecks = first.kind === 'payment_to_balance' ? await repo.entryOf(first.id, profileAccount(input.customerProfileId)) : 0;
      if (first.applicationId !== input.applicationId || amountKopecks !== input.amountKopecks) {
        throw new AppError(409, 'operation_reused', MONEY_MESSAGES.keyReused);
      }
      return { ...result, transactionId: first.id, reason: first.creditReason!, replayed: true };
    },

    /** How a bank operation was posted (undefined before its first delivery): what a replay must answer. */
    async paymentOperation(operationId: string): Promise<PaymentOperation | undefined> {
      const first = await repo.transactionByKey(`payment:${operationId}`);
      if (first?.kind === 'payment') return { kind: 'payment', reason: null };
      if (first?.kind === 'payment_to_balance') return { kind: 'payment_to_balance', reason: first.creditReason! };
      return undefined;
    },

    /** Escrow → executor, the fee → platform:fees. */
    release: (input: { applicationId: number; executorProfileId: number }) => settle('release', input.applicationId, input.executorProfileId, deps.feeBasisPoints),

    /** Escrow → customer in full: a refund takes no fee. */
    refund: (input: { applicationId: number; customerProfileId: number }) => settle('refund', input.applicationId, input.customerProfileId, 0n),

    escrowOf: async (applicationId: number) => repo.sumOf(escrowAccount(applicationId)),
    balanceOf: async (profileId: number) => repo.sumOf(profileAccount(profileId)),

    /** Profile → payouts:pending; never below zero, one payout per idempotency key. */
    async withdraw(input: { profileId: number; amountKopecks: number; idempotencyKey: string; bankRequisiteId?: number | null }): Promise<PayoutResult> {
      requireKopecks(input.amountKopecks);
      requireKey(input.idempotencyKey);
      const account = await repo.ensureProfileAccount(input.profileId);
      await repo.lockAccount(account);
      // Looked up under the lock: a concurrent request with the same key has committed or not started.
      const existing = await repo.payoutByKey(input.profileId, input.idempotencyKey);
      if (existing) {
        if (existing.amountKopecks !== input.amountKopecks) throw new AppError(409, 'idempotency_key_reused', MONEY_MESSAGES.keyReused);
        // The first answer again (§8): pending, with the balance it left — not the payout's or the
        // balance's news since (a retry of a lost answer must not read as another withdrawal).
        if (existing.answeredBalanceKopecks !== null) {
          return { id: existing.id, amountKopecks: existing.amountKopecks, status: 'pending', balanceKopecks: existing.answeredBalanceKopecks, replayed: true };
        }
        return payoutResult(existing, true);
      }
      const balance = await repo.sumOf(account);
      if (balance < input.amountKopecks) throw new AppError(409, 'insufficient_funds', MONEY_MESSAGES.insufficientFunds);
      const amount = BigInt(input.amountKopecks);
      const entries = [
        { account, amountKopecks: -amount },
        { account: ACCOUNTS.payoutsPending, amountKopecks: amount },
      ];
      const transactionId = (await post('withdrawal', entries, { profileId: input.profileId, operationKey: `withdrawal:${input.profileId}:${input.idempotencyKey}` }))!;
      const at = deps.now();
      const answeredBalanceKopecks = balance - input.amountKopecks;
      const id = await repo.insertPayout({ ...input, bankRequisiteId: input.bankRequisiteId ?? null, transactionId, at, answeredBalanceKopecks });
      return { id, amountKopecks: input.amountKopecks, status: 'pending', balanceKopecks: answeredBalanceKopecks, replayed: false };
    },

    /** payouts:pending → platform:bank: the money has left the platform. */
    completePayout: (id: number) => settlePayout(id, 'completed'),
    /** payouts:pending → the profile: a failed payout returns the money. */
    failPayout: (id: number) => settlePayout(id, 'failed'),

    history: (profileId: number, page: number, limit: number) => repo.history(profileAccount(profileId), (page - 1) * limit, limit),
  };
}

export type Ledger = ReturnType<typeof ledger>;
