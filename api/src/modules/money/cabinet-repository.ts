import type { Queryable } from '../../db';
import { isoTimestamp } from '../../db/sql';
import { ACCOUNTS, profileAccount, toKopecks, type CreditReason, type PayoutStatus } from './repository';

/** The requisite a withdrawal goes to, as the payout provider needs it. */
export interface WithdrawalRequisite {
  id: number;
  recipientName: string;
  inn: string;
  bic: string;
  account: string;
  currencyCode: string;
}

/** `hold_released`: the customer's held payment passing to the executor (a `hold` line of the contract). */
export type StatementKind = 'opening' | 'hold' | 'hold_released' | 'release' | 'fee' | 'refund' | 'withdrawal' | 'payout_failed' | 'payment_to_balance';

export interface StatementRow {
  id: number;
  kind: StatementKind;
  amountKopecks: number;
  informational: boolean;
  applicationId: number | null;
  applicationNumber: number | null;
  payoutId: number | null;
  payoutStatus: PayoutStatus | null;
  /** The settlement account the line's payout went to (in full: the service masks it); null when it names none. */
  payoutAccount: string | null;
  /** Why the bank refused the line's payout, when it did. */
  payoutFailureReason: string | null;
  /** A hold's end, once its escrow was settled: released to the executor or refunded; null while held (and for other lines). */
  settled: 'release' | 'refund' | null;
  /** Why a bank payment was put on the balance (`payment_to_balance` lines only). */
  creditReason: CreditReason | null;
  /** The entry's time: a hold's is the payment, a released hold's the release. */
  createdAt: string;
}

export interface PayoutListRow {
  id: number;
  amountKopecks: number;
  status: PayoutStatus;
  failureReason: string | null;
  requisite: { id: number; recipientName: string; bankName: string | null; account: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** What the worker hands the provider; requisite fields are null when the payout names none. */
export interface PayoutOrderRow {
  id: number;
  profileId: number;
  amountKopecks: number;
  attempts: number;
  account: string | null;
  bic: string | null;
  recipientName: string | null;
  inn: string | null;
}

/**
 * A profile's statement lines, as one union (entry ids are unique across the ledger, so they
 * stay the lines' ids):
 * - the profile's own entries; a release shows what was released before the fee; a bank payment
 *   that matched no open invoice is one of them (`payment_to_balance`, with its reason),
 * - the fee of each release to it (negative, so the lines still add up to the balance),
 * - its payments held in escrow (informational: they never were on the balance), each dated by the
 *   payment; its text says what ended it once its escrow was settled (`settled`: the application's
 *   first release or refund after the payment),
 * - each release of a held payment to the executor (`hold_released`, informational), dated by the
 *   release: his own refund line says a refund. The payment's line stays where he paid, the
 *   release has its own: one line moved to the release lost the day he paid (QA AAX-2).
 *   The release's id is its escrow entry's.
 * Fee and hold lines are found from indexed rows: the profile's release entries, its own applications.
 */
const STATEMENT = /* sql */ `
  select e.id, t.kind,
    e.amount_kopecks + case when t.kind = 'release' then coalesce(
      (select sum(f.amount_kopecks) from ledger_entries f where f.transaction_id = t.id and f.account = '${ACCOUNTS.fees}'), 0) else 0 end as amount,
    false as informational, t.id as transaction_id, t.application_id, t.operation_key, e.created_at, null::text as settled,
    t.credit_reason
  from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
  where e.account = $1
  union all
  select f.id, 'fee', -f.amount_kopecks, false, t.id, t.application_id, t.operation_key, f.created_at, null, null
  from ledger_entries e
  join ledger_transactions t on t.id = e.transaction_id and t.kind = 'release'
  join ledger_entries f on f.transaction_id = t.id and f.account = '${ACCOUNTS.fees}'
  where e.account = $1
  union all
  select h.id, 'hold', h.amount_kopecks, true, t.id, t.application_id, t.operation_key, h.created_at, s.kind, null
  from applications a
  join ledger_entries h on h.account = 'escrow:application:' || a.id
  join ledger_transactions t on t.id = h.transaction_id and t.kind = 'payment'
  left join lateral (
    select s.kind from ledger_transactions s
    where s.application_id = t.application_id and s.kind in ('release', 'refund') and s.id > t.id
    order by s.id limit 1) s on true
  where a.customer_profile_id = $2 and h.amount_kopecks > 0
  union all
  select r.id, 'hold_released', -r.amount_kopecks, true, t.id, t.application_id, t.operation_key, r.created_at, null, null
  from applications a
  join ledger_entries r on r.account = 'escrow:application:' || a.id
  join ledger_transactions t on t.id = r.transaction_id and t.kind = 'release'
  where a.customer_profile_id = $2 and r.amount_kopecks < 0`;

const PAYOUT_ORDER = /* sql */ `
  select p.id, p.profile_id as "profileId", p.amount_kopecks::text as "amountKopecks", p.attempts,
    p.requisite_account as account, p.requisite_bic as bic, p.requisite_recipient_name as "recipientName", p.requisite_inn as inn
  from payouts p`;
type RawOrder = Omit<PayoutOrderRow, 'amountKopecks'> & { amountKopecks: string };
const order = (row: RawOrder | undefined): PayoutOrderRow | undefined => row && { ...row, amountKopecks: toKopecks(row.amountKopecks) };

/** SQL for the cabinet's money calls and the payout worker; the rules live in the service and the worker. */
export function moneyCabinetRepository(db: Queryable) {
  return {
    /** The users who manage the profile's money: its owner, and an organisation's directors (not its employees). */
    async moneyManagers(profileId: number): Promise<number[]> {
      const rows = await db.query<{ userId: number }>(
        `select user_id as "userId" from profiles where id = $1
         union select user_id from organization_members where organization_id = $1 and director
         order by 1`,
        [profileId],
      );
      return rows.map((r) => r.userId);
    },

    /**
     * The profile's own live requisite, KEY SHARE-locked until the transaction ends: deleting it
     * (an update of deleted_at) waits for the withdrawal to commit, and is then seen by the next.
     */
    async requisiteForWithdrawal(profileId: number, id: number): Promise<WithdrawalRequisite | undefined> {
      const [row] = await db.query<WithdrawalRequisite>(
        `select r.id, r.recipient_name as "recipientName", r.inn, r.bic, r.account, c.code as "currencyCode"
         from bank_requisites r join currencies c on c.id = r.currency_id
         where r.id = $1 and r.profile_id = $2 and r.deleted_at is null
         for share of r`,
        [id, profileId],
      );
      return row;
    },

    async statement(profileId: number, offset: number, limit: number): Promise<{ items: StatementRow[]; total: number }> {
      const rows = await db.query<Omit<StatementRow, 'amountKopecks'> & { amountKopecks: string }>(
        `with lines as (${STATEMENT})
         select l.id, l.kind, l.amount::text as "amountKopecks", l.informational,
           l.application_id as "applicationId", a.number as "applicationNumber",
           coalesce(pw.id, pf.id) as "payoutId", coalesce(pw.status, pf.status) as "payoutStatus",
           coalesce(pw.requisite_account, pf.requisite_account) as "payoutAccount", coalesce(pw.failure_reason, pf.failure_reason) as "payoutFailureReason",
           ${isoTimestamp('l.created_at')} as "createdAt", l.settled, l.credit_reason as "creditReason"
         from lines l
         left join applications a on a.id = l.application_id
         left join payouts pw on l.kind = 'withdrawal' and pw.transaction_id = l.transaction_id
         -- ledger.ts keys a failed payout's return 'failed:payout:<id>'.
         left join payouts pf on l.kind = 'payout_failed' and l.operation_key = 'failed:payout:' || pf.id
         order by l.created_at desc, l.id desc
         limit $3 offset $4`,
        [profileAccount(profileId), profileId, limit, offset],
      );
      const [count] = await db.query<{ n: number }>(`with lines as (${STATEMENT}) select count(*)::int as n from lines`, [profileAccount(profileId), profileId]);
      return { items: rows.map((r) => ({ ...r, amountKopecks: toKopecks(r.amountKopecks) })), total: count?.n ?? 0 };
    },

    async payouts(profileId: number, offset: number, limit: number): Promise<{ items: PayoutListRow[]; total: number }> {
      const rows = await db.query<{
        id: number; amountKopecks: string; status: PayoutStatus; failureReason: string | null; createdAt: string; updatedAt: string;
        requisiteId: number | null; recipientName: string | null; bankName: string | null; account: string | null;
      }>(
        `select p.id, p.amount_kopecks::text as "amountKopecks", p.status, p.failure_reason as "failureReason",
           ${isoTimestamp('p.created_at')} as "createdAt", ${isoTimestamp('p.updated_at')} as "updatedAt",
           p.bank_requisite_id as "requisiteId", p.requisite_recipient_name as "recipientName", p.requisite_bank_name as "bankName", p.requisite_account as account
         from payouts p
         where p.profile_id = $1 order by p.id desc limit $2 offset $3`,
        [profileId, limit, offset],
      );
      const [count] = await db.query<{ n: number }>('select count(*)::int as n from payouts where profile_id = $1', [profileId]);
      const items = rows.map((r) => ({
        id: r.id,
        amountKopecks: toKopecks(r.amountKopecks),
        status: r.status,
        failureReason: r.failureReason,
        requisite: r.requisiteId === null ? null : { id: r.requisiteId, recipientName: r.recipientName ?? '', bankName: r.bankName, account: r.account ?? '' },
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
      }));
      return { items, total: count?.n ?? 0 };
    },

    /** Pending payouts nobody holds: never claimed, or claimed before `staleBefore` and not answered. */
    async duePayouts(staleBefore: Date, limit: number): Promise<Array<{ id: number; attempts: number }>> {
      return db.query<{ id: number; attempts: number }>(
        `select id, attempts from payouts
         where status = 'pending' and (attempts = 0 or updated_at < $1)
         order by id limit $2`,
        [staleBefore, limit],
      );
    },

    /**
     * The claim: compare-and-set on `attempts`, so of two nodes that saw the same row only one
     * moves it (the other's update finds attempts changed and matches nothing). updated_at is
     * the claim's time: the claim lasts until it is older than the claim timeout.
     */
    async claimPayout(id: number, seenAttempts: number, at: Date, staleBefore: Date): Promise<PayoutOrderRow | undefined> {
      const [claimed] = await db.query<{ id: number }>(
        `update payouts set attempts = attempts + 1, updated_at = $3
         where id = $1 and status = 'pending' and attempts = $2 and (attempts = 0 or updated_at < $4)
         returning id`,
        [id, seenAttempts, at, staleBefore],
      );
      if (!claimed) return undefined;
      const [row] = await db.query<RawOrder>(`${PAYOUT_ORDER} where p.id = $1`, [id]);
      return order(row);
    },

    /** The provider's reference and refusal reason, kept with the payout (in the settling transaction). */
    async noteProviderAnswer(id: number, reference: string | null, reason: string | null): Promise<void> {
      await db.query(
        `update payouts set provider_reference = coalesce($2, provider_reference), failure_reason = coalesce($3, failure_reason) where id = $1`,
        [id, reference, reason],
      );
    },

    async payoutCounts(): Promise<Record<PayoutStatus, number>> {
      const rows = await db.query<{ status: PayoutStatus; n: number }>('select status, count(*)::int as n from payouts group by status');
      const counts: Record<PayoutStatus, number> = { pending: 0, completed: 0, failed: 0 };
      for (const r of rows) counts[r.status] = r.n;
      return counts;
    },
  };
}

export type MoneyCabinetRepository = ReturnType<typeof moneyCabinetRepository>;
