import type { SmsPurpose } from 'shared/contract';
import type { Queryable } from '../../../db';

export interface CodeRow {
  id: number;
  code_hash: string;
  expires_at: Date;
  attempts: number;
  consumed_at: Date | null;
  created_at: Date;
}

export function codeRepository(db: Queryable) {
  return {
    /** Serialises sends for one phone and purpose until the transaction ends (all API nodes). */
    async lock(key: string): Promise<void> {
      await db.query('select pg_advisory_xact_lock(hashtext($1))', [key]);
    },
    /** The newest code for the same target: signing another document is another target (§3: one purpose, bound to the document). */
    async lastSentAt(phone: string, purpose: SmsPurpose, subject = ''): Promise<Date | null> {
      const rows = await db.query<{ at: Date | null }>(
        'select max(created_at) as at from sms_codes where phone = $1 and purpose = $2 and subject = $3',
        [phone, purpose, subject],
      );
      return rows[0]?.at ? new Date(rows[0].at) : null;
    },
    async insert(row: { phone: string; purpose: SmsPurpose; subject: string; codeHash: string; createdAt: string; expiresAt: string }): Promise<number> {
      const rows = await db.query<{ id: number }>(
        `insert into sms_codes (phone, purpose, subject, code_hash, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [row.phone, row.purpose, row.subject, row.codeHash, row.createdAt, row.expiresAt],
      );
      return rows[0]!.id;
    },
    async delete(id: number): Promise<void> {
      await db.query('delete from sms_codes where id = $1', [id]);
    },
    /** Only the newest code counts: sending a new one retires the older ones. */
    async latestForUpdate(phone: string, purpose: SmsPurpose, subject: string): Promise<CodeRow | null> {
      const rows = await db.query<CodeRow>(
        `select id, code_hash, expires_at, attempts, consumed_at, created_at from sms_codes
         where phone = $1 and purpose = $2 and subject = $3
         order by created_at desc, id desc limit 1 for update`,
        [phone, purpose, subject],
      );
      return rows[0] ? { ...rows[0], expires_at: new Date(rows[0].expires_at), created_at: new Date(rows[0].created_at) } : null;
    },
    /** Whether any of `subjects` has a code still usable: the newest of its own, unspent and in time. */
    async anyLive(phone: string, purpose: SmsPurpose, subjects: readonly string[], at: string, maxAttempts: number): Promise<boolean> {
      if (subjects.length === 0) return false;
      const rows = await db.query<{ live: boolean }>(
        `select exists (
           select 1 from (select distinct on (subject) consumed_at, expires_at, attempts from sms_codes
                          where phone = $1 and purpose = $2 and subject = any($3::text[])
                          order by subject, created_at desc, id desc) newest
           where consumed_at is null and expires_at > $4 and attempts < $5) as live`,
        [phone, purpose, subjects, at, maxAttempts],
      );
      return rows[0]?.live === true;
    },
    async addAttempt(id: number): Promise<number> {
      const rows = await db.query<{ attempts: number }>('update sms_codes set attempts = attempts + 1 where id = $1 returning attempts', [id]);
      return rows[0]!.attempts;
    },
    async markVerified(id: number, at: string): Promise<void> {
      await db.query('update sms_codes set verified_at = coalesce(verified_at, $2) where id = $1', [id, at]);
    },
    /** Spends a code still unspent: false when another call spent it first. */
    async spend(id: number, at: string): Promise<boolean> {
      const rows = await db.query('update sms_codes set consumed_at = $2, verified_at = coalesce(verified_at, $2) where id = $1 and consumed_at is null returning id', [id, at]);
      return rows.length === 1;
    },
  };
}

/** Phones proven by code for a later step (registration), valid for a while, used once. */
export function verificationRepository(db: Queryable) {
  return {
    async add(phone: string, purpose: SmsPurpose, createdAt: string, expiresAt: string): Promise<void> {
      await db.query('insert into phone_verifications (phone, purpose, created_at, expires_at) values ($1, $2, $3, $4)', [
        phone,
        purpose,
        createdAt,
        expiresAt,
      ]);
    },
    /** Whether a live verification waits to be used. */
    async has(phone: string, purpose: SmsPurpose, at: string): Promise<boolean> {
      const rows = await db.query('select 1 from phone_verifications where phone = $1 and purpose = $2 and consumed_at is null and expires_at > $3 limit 1', [phone, purpose, at]);
      return rows.length > 0;
    },
    /** Marks the newest live verification used; false when there is none. */
    async consume(phone: string, purpose: SmsPurpose, at: string): Promise<boolean> {
      const rows = await db.query<{ id: number }>(
        `update phone_verifications set consumed_at = $3
         where id = (select id from phone_verifications
                     where phone = $1 and purpose = $2 and consumed_at is null and expires_at > $3
                     order by created_at desc limit 1 for update)
         returning id`,
        [phone, purpose, at],
      );
      return rows.length > 0;
    },
  };
}
