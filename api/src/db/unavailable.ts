/**
 * The errors of a PostgreSQL server that cannot be reached or is going down: the socket's
 * (refused, reset, unknown host, timed out), the server's class 08 (connection exception) and
 * 57P01–57P03 (shutting down, cannot connect now), and node-postgres's own words for a connection
 * lost or never got from the pool.
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03']);
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return typeof message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect)/.test(message);
}

/**
 * A server reached that refuses this connection for good: class 28 (invalid authorization: a wrong
 * user or password), 3D000 (no such database) or 42501 (a role that may not create the tables: the
 * migrations' «permission denied for schema public», QA DDD-4). Said at start as a DATABASE_URL to
 * check, in one line (QA BBB-3), not as a stack.
 */
export function isDatabaseRefusal(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === 'string' && (code.startsWith('28') || code === '3D000' || code === '42501');
}
