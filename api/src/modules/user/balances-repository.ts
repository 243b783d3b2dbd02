import type { Queryable } from '../../db';
import { profileAccount, toKopecks } from '../money/repository';

/**
 * A profile's balance for `balance/get/token`: the sum of its ledger entries (the old `balances`
 * table is no longer read), answered in roubles as the contract has it.
 */
export function balancesRepository(db: Queryable) {
  return {
    /** Zero until money has moved for the profile. */
    async amount(profileId: number): Promise<number> {
      const [row] = await db.query<{ sum: string }>(
        'select coalesce(sum(amount_kopecks), 0)::text as sum from ledger_entries where account = $1',
        [profileAccount(profileId)],
      );
      // Kopecks / 100 is the double nearest the two-decimal amount, the same number JSON carries.
      return toKopecks(row?.sum) / 100;
    },
  };
}
