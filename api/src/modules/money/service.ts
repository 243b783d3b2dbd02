import type { Db, Queryable } from '../../db';
import { feeBasisPoints, feeOf } from './fees';
import { ledger, type Ledger } from './ledger';
import { moneyRepository } from './repository';

export interface MoneyServiceDeps {
  db: Db;
  /** PLATFORM_FEE_PERCENT: 0–100, at most two decimals. */
  feePercent: number;
  now?: () => Date;
}

const MAX_HISTORY_LIMIT = 100;

/**
 * The money module. Each call runs in its own database transaction, or inside the caller's when
 * `tx` is given (a lifecycle transition releasing or refunding in the same commit as its status
 * change). `on(tx)` hands out all operations bound to one transaction.
 */
export function moneyService({ db, feePercent, now = () => new Date() }: MoneyServiceDeps) {
  const deps = { feeBasisPoints: feeBasisPoints(feePercent), now };
  const run = <R>(tx: Queryable | undefined, fn: (l: Ledger) => Promise<R>): Promise<R> =>
    tx ? fn(ledger(tx, deps)) : db.transaction((t) => fn(ledger(t, deps)));

  return {
    on: (tx: Queryable): Ledger => ledger(tx, deps),

    recordPayment: (input: Parameters<Ledger['recordPayment']>[0], tx?: Queryable) => run(tx, (l) => l.recordPayment(input)),
    release: (input: Parameters<Ledger['release']>[0], tx?: Queryable) => run(tx, (l) => l.release(input)),
    refund: (input: Parameters<Ledger['refund']>[0], tx?: Queryable) => run(tx, (l) => l.refund(input)),
    withdraw: (input: Parameters<Ledger['withdraw']>[0], tx?: Queryable) => run(tx, (l) => l.withdraw(input)),
    completePayout: (id: number, tx?: Queryable) => run(tx, (l) => l.completePayout(id)),
    failPayout: (id: number, tx?: Queryable) => run(tx, (l) => l.failPayout(id)),

    // Reads need no transaction of their own.
    escrowOf: (applicationId: number, tx: Queryable = db) => ledger(tx, deps).escrowOf(applicationId),
    balanceOf: (profileId: number, tx: Queryable = db) => ledger(tx, deps).balanceOf(profileId),
    /** What the last release or refund of the application's escrow moved (what was paid, not the price now). */
    settledOf: (applicationId: number, tx: Queryable = db) => moneyRepository(tx).lastSettlementOf(applicationId),
    /** The platform's fee on an application's payment: what its release took, or what a release of `amountKopecks` would take now. */
    async feeOf(applicationId: number, amountKopecks: number, released: boolean, tx: Queryable = db): Promise<number> {
      if (!released) return feeOf(amountKopecks, deps.feeBasisPoints);
      return (await moneyRepository(tx).releaseFeeOf(applicationId)) ?? 0;
    },
    async history(profileId: number, page = 1, limit = 20, tx: Queryable = db) {
      const p = Math.max(1, Math.floor(page) || 1);
      const l = Math.min(MAX_HISTORY_LIMIT, Math.max(1, Math.floor(limit) || 20));
      const { items, total } = await ledger(tx, deps).history(profileId, p, l);
      return { items, total, page: p, limit: l };
    },
  };
}

export type MoneyService = ReturnType<typeof moneyService>;
