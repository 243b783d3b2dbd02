import type { Queryable } from '../../db';
import { isoTimestamp } from '../../db/sql';

/** Ledger account codes; a profile's and an escrow's account is created by its first entry. */
export const ACCOUNTS = { bank: 'platform:bank', fees: 'platform:fees', payoutsPending: 'payouts:pending' } as const;
export const profileAccount = (profileId: number): string => `profile:${profileId}`;
export const escrowAccount = (applicationId: number): string => `escrow:application:${applicationId}`;

export type TransactionKind = 'opening' | 'payment' | 'release' | 'refund' | 'withdrawal' | 'payout' | 'payout_failed' | 'payment_to_balance';
/**
 * Why a bank payment went to the customer's balance rather than the invoice (migration 024): its
 * sum was not the invoice's, the application was paid already, or it awaited no payment at all.
 */
export type CreditReason = 'wrong_amount' | 'already_paid' | 'not_awaiting';
export type PayoutStatus = 'pending' | 'completed' | 'failed';

export interface Entry {
  account: string;
  amountKopecks: bigint;
}
export interface LedgerTransaction {
  id: number;
  kind: TransactionKind;
  applicationId: number | null;
  profileId: number | null;
  /** Set for `payment_to_balance` only. */
  creditReason: CreditReason | null;
}
export interface PayoutRow {
  id: number;
  profileId: number;
  amountKopecks: number;
  status: PayoutStatus;
  idempotencyKey: string;
  transactionId: number;
  bankRequisiteId: number | null;
  /** The balance the withdrawal's first answer gave (null for payouts from before it was kept). */
  answeredBalanceKopecks: number | null;
}
export interface HistoryRow {
  id: number;
  transactionId: number;
  kind: TransactionKind;
  amountKopecks: number;
  applicationId: number | null;
  createdAt: string;
}

/** bigint arrives as a string from pg; kopecks stay exact in a double up to 2^53 (≈ 90 trillion roubles). */
export function toKopecks(value: string | number | bigint | null | undefined): number {
  const n = Number(value ?? 0);
  if (!Number.isSafeInteger(n)) throw new Error(`kopecks out of range: ${String(value)}`);
  return n;
}

const TRANSACTION = 'id, kind, application_id as "applicationId", profile_id as "profileId", credit_reason as "creditReason"';
const PAYOUT = `id, profile_id as "profileId", amount_kopecks::text as "amountKopecks", status,
  idempotency_key as "idempotencyKey", transaction_id as "transactionId", bank_requisite_id as "bankRequisiteId",
  answered_balance_kopecks::text as "answeredBalanceKopecks"`;
type RawPayout = Omit<PayoutRow, 'amountKopecks' | 'answeredBalanceKopecks'> & { amountKopecks: string; answeredBalanceKopecks: string | null };
const payout = (row: RawPayout | undefined): PayoutRow | undefined =>
  row && {
    ...row,
    amountKopecks: toKopecks(row.amountKopecks),
    answeredBalanceKopecks: row.answeredBalanceKopecks === null ? null : toKopecks(row.answeredBalanceKopecks),
  };

/** SQL only: the rules (balancing, locking order, limits) live in ledger.ts. */
export function moneyRepository(db: Queryable) {
  return {
    async ensureProfileAccount(profileId: number): Promise<string> {
      const code = profileAccount(profileId);
      await db.query(`insert into ledger_accounts (code, kind, profile_id) values ($1, 'profile', $2) on conflict (code) do nothing`, [code, profileId]);
      return code;
    },

    async ensureEscrowAccount(applicationId: number): Promise<string> {
      const code = escrowAccount(applicationId);
      await db.query(`insert into ledger_accounts (code, kind, application_id) values ($1, 'escrow', $2) on conflict (code) do nothing`, [code, applicationId]);
      return code;
    },

    /**
     * Holds the account's row until the transaction ends, so debits of one account run one at a
     * time. NO KEY UPDATE still lets other transactions post credits (their foreign keys take KEY SHARE).
     */
    async lockAccount(code: string): Promise<void> {
      await db.query('select code from ledger_accounts where code = $1 for no key update', [code]);
    },

    /** Read after lockAccount it sees every committed entry: READ COMMITTED takes a new snapshot per statement. */
    async sumOf(code: string): Promise<number> {
      const [row] = await db.query<{ sum: string }>('select coalesce(sum(amount_kopecks), 0)::text as sum from ledger_entries where account = $1', [code]);
      return toKopecks(row?.sum);
    },

    /** Undefined when the key is taken: the caller answers the first transaction's result. */
    async insertTransaction(t: Omit<LedgerTransaction, 'id'> & { operationKey: string | null; at: Date }): Promise<number | undefined> {
      const [row] = await db.query<{ id: number }>(
        `insert into ledger_transactions (kind, application_id, profile_id, operation_key, created_at, credit_reason)
         values ($1, $2, $3, $4, $5, $6) on conflict (operation_key) do nothing returning id`,
        [t.kind, t.applicationId, t.profileId, t.operationKey, t.at, t.creditReason],
      );
      return row?.id;
    },

    async transactionByKey(operationKey: string): Promise<LedgerTransaction | undefined> {
      const [row] = await db.query<LedgerTransaction>(`select ${TRANSACTION} from ledger_transactions where operation_key = $1`, [operationKey]);
      return row;
    },

    /** One statement, so the entries land together; the deferred trigger checks the sum at commit. */
    async insertEntries(transactionId: number, entries: readonly Entry[], at: Date): Promise<void> {
      const params: unknown[] = [transactionId, at];
      const rows = entries.map((e) => {
        params.push(e.account, e.amountKopecks.toString());
        return `($1, $${params.length - 1}, $${params.length}::bigint, $2)`;
      });
      await db.query(`insert into ledger_entries (transaction_id, account, amount_kopecks, created_at) values ${rows.join(', ')}`, params);
    },

    /** The platform's fee taken when the application's escrow was released; null before a release. */
    async releaseFeeOf(applicationId: number): Promise<number | null> {
      const [row] = await db.query<{ sum: string | null }>(
        `select sum(e.amount_kopecks)::text as sum from ledger_transactions t
           join ledger_entries e on e.transaction_id = t.id and e.account = $2
          where t.application_id = $1 and t.kind = 'release'`,
        [applicationId, ACCOUNTS.fees],
      );
      return row?.sum == null ? null : toKopecks(row.sum);
    },

    /** What the application's last release or refund took out of its escrow; null before either. */
    async lastSettlementOf(applicationId: number): Promise<number | null> {
      const [row] = await db.query<{ sum: string }>(
        `select (-e.amount_kopecks)::text as sum from ledger_transactions t
           join ledger_entries e on e.transaction_id = t.id and e.account = $2
          where t.application_id = $1 and t.kind in ('release', 'refund')
          order by t.id desc limit 1`,
        [applicationId, escrowAccount(applicationId)],
      );
      return row ? toKopecks(row.sum) : null;
    },

    async entryOf(transactionId: number, account: string): Promise<number> {
      const [row] = await db.query<{ sum: string }>(
        'select coalesce(sum(amount_kopecks), 0)::text as sum from ledger_entries where transaction_id = $1 and account = $2',
        [transactionId, account],
      );
      return toKopecks(row?.sum);
    },

    async history(account: string, offset: number, limit: number): Promise<{ items: HistoryRow[]; total: number }> {
      const rows = await db.query<Omit<HistoryRow, 'amountKopecks'> & { amountKopecks: string }>(
        `select e.id, e.transaction_id as "transactionId", t.kind, e.amount_kopecks::text as "amountKopecks",
                t.application_id as "applicationId", ${isoTimestamp('e.created_at')} as "createdAt"
         from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
         where e.account = $1 order by e.id desc limit $2 offset $3`,
        [account, limit, offset],
      );
      const [count] = await db.query<{ n: number }>('select count(*)::int as n from ledger_entries where account = $1', [account]);
      return { items: rows.map((r) => ({ ...r, amountKopecks: toKopecks(r.amountKopecks) })), total: count?.n ?? 0 };
    },

    async insertPayout(p: {
      profileId: number;
      amountKopecks: number;
      idempotencyKey: string;
      bankRequisiteId: number | null;
      transactionId: number;
      at: Date;
      answeredBalanceKopecks: number;
    }) {
      // The requisite's details as they are now (the withdrawal holds its row locked): the payout
      // goes to them, and its history names them, whatever the requisite says later (QA TTT-1).
      const [row] = await db.query<{ id: number }>(
        `insert into payouts (profile_id, amount_kopecks, idempotency_key, bank_requisite_id, transaction_id, created_at, updated_at, answered_balance_kopecks,
           requisite_recipient_name, requisite_inn, requisite_bic, requisite_account, requisite_bank_name)
         select $1, $2::bigint, $3, k.id, $5, $6, $6, $7::bigint, r.recipient_name, r.inn, r.bic, r.account, r.bank_name
         from (select $4::integer as id) k left join bank_requisites r on r.id = k.id
         returning id`,
        [p.profileId, String(p.amountKopecks), p.idempotencyKey, p.bankRequisiteId, p.transactionId, p.at, String(p.answeredBalanceKopecks)],
      );
      return row!.id;
    },

    async payout(id: number): Promise<PayoutRow | undefined> {
      const [row] = await db.query<RawPayout>(`select ${PAYOUT} from payouts where id = $1`, [id]);
      return payout(row);
    },

    async payoutByKey(profileId: number, idempotencyKey: string): Promise<PayoutRow | undefined> {
      const [row] = await db.query<RawPayout>(
        `select ${PAYOUT} from payouts where profile_id = $1 and idempotency_key = $2`,
        [profileId, idempotencyKey],
      );
      return payout(row);
    },

    /** The guarded transition: only a pending payout moves, and only one caller moves it. */
    async settlePayout(id: number, status: Exclude<PayoutStatus, 'pending'>, at: Date): Promise<PayoutRow | undefined> {
      const [row] = await db.query<RawPayout>(
        `update payouts set status = $2, updated_at = $3 where id = $1 and status = 'pending' returning ${PAYOUT}`,
        [id, status, at],
      );
      return payout(row);
    },
  };
}

export type MoneyRepository = ReturnType<typeof moneyRepository>;
