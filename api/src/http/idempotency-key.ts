import { AppError } from './errors';

/** Printable ASCII without spaces: UUIDs and the like; nothing to escape in logs. */
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** A key sent again with another request than the one it named (409 `idempotency_key_reused`). */
export const IDEMPOTENCY_KEY_REUSED = 'Этот ключ идемпотентности уже использован для другой операции';

export const IDEMPOTENCY_KEY_INVALID = 'Заголовок Idempotency-Key — от 1 до 200 латинских букв, цифр и знаков';

/**
 * The `Idempotency-Key` header a write names itself with (a withdrawal, a token renewal), or null
 * when there is none; a malformed one (or several) is a 422 in Russian.
 */
export function idempotencyKeyHeader(header: string | string[] | undefined): string | null {
  if (header === undefined || (typeof header === 'string' && header.trim() === '')) return null;
  const key = typeof header === 'string' ? header.trim() : '';
  if (!KEY_PATTERN.test(key)) throw new AppError(422, 'validation', IDEMPOTENCY_KEY_INVALID);
  return key;
}
