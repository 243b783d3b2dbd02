import type { Queryable } from '../../db';

/** The repository over the `balances` table. */
export function balancesRepository(db: Queryable) {
  return {
    /** Zero until a balances row exists for the profile. */
    async amount(profileId: number): Promise<number> {
      const [row] = await db.query<{ amount: number }>('select amount::float8 as amount from balances where profile_id = $1', [profileId]);
      return row?.amount ?? 0;
    },
  };
}
