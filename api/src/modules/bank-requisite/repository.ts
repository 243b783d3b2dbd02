import type { BankRequisite, Currency } from 'shared/contract';
import type { Queryable } from '../../db';
import { isoTimestamp, isStorableId, rowOwner } from '../../db/sql';

/** The stored fields of a requisite (numbers already normalised and checked). */
export interface RequisiteFields {
  recipientName: string;
  inn: string;
  kpp: string | null;
  bic: string;
  bankName: string | null;
  correspondentAccount: string;
  account: string;
  currencyId: number;
}

type Row = Omit<BankRequisite, 'currency'> & { currencyId: number; currencyCode: string; currencyName: string };

const select = `select r.id, r.recipient_name as "recipientName", r.inn, r.kpp, r.bic, r.bank_name as "bankName",
    r.correspondent_account as "correspondentAccount", r.account, ${isoTimestamp('r.created_at')} as "createdAt",
    c.id as "currencyId", c.code as "currencyCode", c.name as "currencyName"
  from bank_requisites r join currencies c on c.id = r.currency_id`;

const toRequisite = ({ currencyId, currencyCode, currencyName, ...row }: Row): BankRequisite => ({
  ...row,
  currency: { id: currencyId, code: currencyCode, name: currencyName },
});

/**
 * Bank requisites of profiles. Deleting only stamps `deleted_at` (a payout keeps naming the row),
 * so every read here sees the live ones only.
 */
export function bankRequisiteRepository(db: Queryable) {
  return {
    currencies(): Promise<Currency[]> {
      return db.query<Currency>('select id, code, name from currencies order by id');
    },

    /** The currency's code, or null when there is no such currency. */
    async currencyCode(id: number): Promise<string | null> {
      if (!isStorableId(id)) return null;
      const rows = await db.query<{ code: string }>('select code from currencies where id = $1', [id]);
      return rows[0]?.code ?? null;
    },

    async list(profileId: number, page: number, limit: number): Promise<{ items: BankRequisite[]; total: number }> {
      const rows = await db.query<Row>(
        `${select} where r.profile_id = $1 and r.deleted_at is null order by r.created_at desc, r.id desc limit $2 offset $3`,
        [profileId, limit, (page - 1) * limit],
      );
      const [count] = await db.query<{ total: number }>(
        'select count(*)::int as total from bank_requisites where profile_id = $1 and deleted_at is null',
        [profileId],
      );
      return { items: rows.map(toRequisite), total: count?.total ?? 0 };
    },

    /** A live requisite of this profile, or null (someone else's, deleted or absent: all alike). */
    async find(id: number, profileId: number): Promise<BankRequisite | null> {
      if (!isStorableId(id)) return null;
      const [row] = await db.query<Row>(`${select} where r.id = $1 and r.profile_id = $2 and r.deleted_at is null`, [id, profileId]);
      return row ? toRequisite(row) : null;
    },

    /** The profile holding a live requisite, or null (deleted or absent: all alike). */
    async ownerOf(id: number): Promise<number | null> {
      return rowOwner(db, 'bank_requisites', 'profile_id', id, { live: true });
    },

    /**
     * Adds a requisite unless the profile keeps `max` live ones already (null then). Run in a
     * transaction: the profile's requisites are counted under a lock of their own, so creations
     * made at once are counted one after another and the cap holds.
     */
    async insertWithin(profileId: number, f: RequisiteFields, at: Date, max: number): Promise<number | null> {
      await db.query("select pg_advisory_xact_lock(hashtext('bank_requisites'), $1)", [profileId]);
      const [{ live }] = (await db.query<{ live: number }>(
        'select count(*)::int as live from bank_requisites where profile_id = $1 and deleted_at is null',
        [profileId],
      )) as [{ live: number }];
      if (live >= max) return null;
      const [row] = await db.query<{ id: number }>(
        `insert into bank_requisites (profile_id, recipient_name, inn, kpp, bic, bank_name, correspondent_account, account, currency_id, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning id`,
        [profileId, f.recipientName, f.inn, f.kpp, f.bic, f.bankName, f.correspondentAccount, f.account, f.currencyId, at],
      );
      return row!.id;
    },

    /** Rewrites a live requisite; false when it is gone (deleted meanwhile). */
    async update(id: number, profileId: number, f: RequisiteFields, at: Date): Promise<boolean> {
      const rows = await db.query(
        `update bank_requisites set recipient_name = $3, inn = $4, kpp = $5, bic = $6, bank_name = $7,
           correspondent_account = $8, account = $9, currency_id = $10, updated_at = $11
         where id = $1 and profile_id = $2 and deleted_at is null returning id`,
        [id, profileId, f.recipientName, f.inn, f.kpp, f.bic, f.bankName, f.correspondentAccount, f.account, f.currencyId, at],
      );
      return rows.length > 0;
    },

    async softDelete(id: number, profileId: number, at: Date): Promise<boolean> {
      if (!isStorableId(id)) return false;
      const rows = await db.query(
        'update bank_requisites set deleted_at = $3, updated_at = $3 where id = $1 and profile_id = $2 and deleted_at is null returning id',
        [id, profileId, at],
      );
      return rows.length > 0;
    },
  };
}
