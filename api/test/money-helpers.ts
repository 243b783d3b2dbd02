import type { Db } from '../src/db';
import { moneyService, type MoneyService } from '../src/modules/money/service';
import type { NotificationEmitter } from '../src/modules/notification/service';
import { openTestDb } from './helpers';

export interface MoneyFixture {
  db: Db;
  money: MoneyService;
  /** Profiles and applications no test has touched yet: `take` hands each out once, so balances start at zero. */
  take(kind: 'profiles' | 'applications', n: number): number[];
  /** A profile funded as money really arrives: paid for an application, then released to it. */
  fund(profileId: number, kopecks: number): Promise<void>;
  close(): Promise<void>;
}

export async function openMoney(): Promise<MoneyFixture> {
  const { db, close } = await openTestDb();
  current = db;
  const money = moneyService({ db, feePercent: 0, now: () => new Date('2026-03-01T10:00:00Z') });
  // Free: no money yet. The seeded deals hold and release money (their executor has a balance).
  const free = {
    profiles: (await db.query<{ id: number }>(`select id from profiles p where not exists (select 1 from ledger_entries e where e.account = 'profile:' || p.id) order by id`)).map((r) => r.id),
    applications: (await db.query<{ id: number }>(`select id from applications where payment_status = 'none' order by id`)).map((r) => r.id),
  };
  const take = (kind: keyof typeof free, n: number) => {
    if (free[kind].length < n) throw new Error(`the seed has too few ${kind} for this test`);
    return free[kind].splice(0, n);
  };
  return {
    db,
    money,
    take,
    async fund(profileId, kopecks) {
      const [applicationId] = take('applications', 1);
      await money.recordPayment({ applicationId: applicationId!, customerProfileId: profileId, amountKopecks: kopecks, operationId: `fund-${applicationId}` });
      await money.release({ applicationId: applicationId!, executorProfileId: profileId });
    },
    close,
  };
}

let current: Db;

export async function sumOf(where: string, params: unknown[] = []): Promise<number> {
  const [row] = await current.query<{ n: string }>(`select coalesce(sum(amount_kopecks), 0)::text as n from ledger_entries ${where}`, params);
  return Number(row!.n);
}

/** The invariants of double entry over the whole ledger: no profile or escrow ever below zero either. */
export async function expectBooksBalance(): Promise<void> {
  const unbalanced = await current.query('select transaction_id from ledger_entries group by transaction_id having sum(amount_kopecks) <> 0');
  expect(unbalanced).toEqual([]);
  expect(await sumOf('')).toBe(0);
  const negative = await current.query(`select account from ledger_entries where account like 'profile:%' or account like 'escrow:%'
    group by account having sum(amount_kopecks) < 0`);
  expect(negative).toEqual([]);
}

/** A profile holds an account of a bank once (migration 018): a second requisite of one profile names another. */
export async function addRequisite(db: Db, profileId: number, currency = 'RUB', account = '40817810099910004312'): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into bank_requisites (profile_id, recipient_name, inn, bic, correspondent_account, account, currency_id, bank_name)
     select $1, 'Иванов Иван Иванович', '500100732259', '044525225', '30101810400000000225', $3, id, 'ПАО Сбербанк'
     from currencies where code = $2 returning id`,
    [profileId, currency, account],
  );
  return row!.id;
}

/** A socket.io stand-in that records what is emitted to which room. */
export function recordingIo() {
  const emitted: Array<{ room: string; event: string; payload: any }> = [];
  const io = { to: (room: string) => ({ emit: (event: string, payload: unknown) => emitted.push({ room, event, payload }) }) } as unknown as NotificationEmitter;
  return { io, emitted };
}

/** The payout worker's log, kept quiet. */
export const silentLog = { info() {}, warn() {}, error() {} };
