import type { Queryable } from '../../db';

export interface DevTransfer {
  payoutId: number;
  amountKopecks: number;
  account: string;
  bic: string;
}

/** The development provider's "bank": one row per payout id in dev_payout_transfers. */
export function devTransfersRepository(db: Queryable) {
  return {
    /** True when this call made the transfer, false when the payout had one already. */
    async insert(t: DevTransfer): Promise<boolean> {
      const rows = await db.query(
        `insert into dev_payout_transfers (payout_id, amount_kopecks, account, bic) values ($1, $2::bigint, $3, $4)
         on conflict (payout_id) do nothing returning payout_id`,
        [t.payoutId, String(t.amountKopecks), t.account, t.bic],
      );
      return rows.length > 0;
    },

    async get(payoutId: number): Promise<DevTransfer | undefined> {
      const [row] = await db.query<Omit<DevTransfer, 'amountKopecks'> & { amountKopecks: string }>(
        `select payout_id as "payoutId", amount_kopecks::text as "amountKopecks", account, bic from dev_payout_transfers where payout_id = $1`,
        [payoutId],
      );
      return row && { ...row, amountKopecks: Number(row.amountKopecks) };
    },
  };
}
