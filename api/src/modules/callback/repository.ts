import type { Queryable } from '../../db';

export interface NewCallback {
  name: string;
  phone: string;
  email?: string;
  comment?: string;
  ip: string;
}

export function callbackRepository(db: Queryable) {
  return {
    /** Serialises requests from one IP inside the current transaction, so the limit cannot be raced. */
    async lockIp(ip: string): Promise<void> {
      await db.query("select pg_advisory_xact_lock(hashtext('callback:' || $1))", [ip]);
    },

    /** How many requests the IP made in the window, and when the oldest of them leaves it. */
    async recentFromIp(ip: string, windowSeconds: number): Promise<{ count: number; retryAfterSeconds: number }> {
      const [row] = await db.query<{ count: number; retryAfterSeconds: number | null }>(
        `select count(*)::int as count,
           ceil(extract(epoch from min(created_at) + make_interval(secs => $2) - now()))::int as "retryAfterSeconds"
         from callbacks where ip = $1 and created_at > now() - make_interval(secs => $2)`,
        [ip, windowSeconds],
      );
      return { count: row?.count ?? 0, retryAfterSeconds: row?.retryAfterSeconds ?? 0 };
    },

    async insert(input: NewCallback): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        'insert into callbacks (name, phone, email, comment, ip) values ($1, $2, $3, $4, $5) returning id',
        [input.name, input.phone, input.email ?? null, input.comment || null, input.ip],
      );
      return row!.id;
    },
  };
}
export type CallbackRepository = ReturnType<typeof callbackRepository>;
