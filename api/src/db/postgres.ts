import pg from 'pg';
import { createHash } from 'node:crypto';
import { plannerStartupOptions } from './planner';
import type { Db, Queryable, QueryOptions } from './types';

/** A prepared statement's name: one per SQL text (a connection refuses one name for two texts). */
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `s_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    // The lists build a bounded set of texts (filters × sorts); the bound is a guard all the same.
    if (statementNames.size < 10_000) statementNames.set(sql, name);
  }
  return name;
}

// DATE and NUMERIC arrive as strings, as from PGlite; repositories format them in SQL.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export interface PostgresOptions {
  /** Sets search_path on every connection (tests use a dedicated schema). */
  schema?: string;
  max?: number;
  /** How long to wait for a connection (a new one, or a free one of the pool) before giving up. */
  connectTimeoutMs?: number;
}

/** The API's connections to a PostgreSQL server unless DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10;
/**
 * A server that drops packets, or a pool whose connections are all held, fails the request as
 * «database unavailable» (503) after this long, instead of holding it until the OS gives up on
 * the TCP connection (minutes) or for ever (node-postgres waits without limit by default).
 */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // A connection whose server vanished (a failover, a cut network) is noticed, not kept for ever.
    keepAlive: true,
    options: [...plannerStartupOptions(), ...(options.schema ? [`-c search_path=${options.schema}`] : [])].join(' '),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const run = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
      const result = options.prepare ? await client.query({ name: statementName(sql), text: sql, values: params }) : await client.query(sql, params);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  await pool.query('select 1');
  return {
    kind: 'postgres',
    ...run(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(run(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
