export interface QueryOptions {
  prepare?: boolean;
}

export interface Queryable {
  /**
   * `prepare`: on a PostgreSQL server, a named prepared statement per connection (planned once per
   * connection, then by PostgreSQL's plan cache) for hot statements whose planning costs more than
   * their run, the public lists'. PGlite ignores it.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}
