import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from 'shared/contract';
import type { Queryable } from '../db';
import { idempotencyKeyHeader } from './idempotency-key';

/** A signed-in user's write, named by its `Idempotency-Key`. */
export interface AnswerKey {
  userId: number;
  key: string;
  call: string;
  /** The query and JSON body it was sent with; null for an upload, whose key alone names its file. */
  bodySha256: string | null;
}

/**
 * The key of a signed-in user's write (`Idempotency-Key`), or null: a read, a guest, no key. The
 * app sends one with every write, the same key with the same write sent again: the browser's own
 * re-send after a broken connection, which carries the same headers (QA EEE-2).
 */
export function answerKeyOf(request: FastifyRequest, call: string, userId: number | null, withBody: boolean): AnswerKey | null {
  if (request.method === 'GET' || userId === null) return null;
  const key = idempotencyKeyHeader(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
  if (key === null) return null;
  const sent = withBody ? createHash('sha256').update(JSON.stringify([request.query ?? null, request.body ?? null])).digest('hex') : null;
  return { userId, key, call, bodySha256: sent };
}

/**
 * The answer the same write got before (kept a day, housekeeping), which its re-send gets again
 * rather than running once more: a step done answered 409 to the user who did it, an upload made a
 * second version. A key sent with another call or another body is not that write: it runs.
 */
export async function keptAnswer(db: Queryable, key: AnswerKey): Promise<{ status: number; answer: unknown } | null> {
  const [row] = await db.query<{ status: number; answer: unknown }>(
    `select status, answer from request_answers
     where user_id = $1 and key = $2 and call = $3 and body_sha256 is not distinct from $4`,
    [key.userId, key.key, key.call, key.bodySha256],
  );
  return row ?? null;
}

/** Keeps a write's successful answer for its re-send; a failure is not kept (the re-send runs again). */
export async function keepAnswer(db: Queryable, key: AnswerKey, status: number, answer: unknown): Promise<void> {
  await db.query(
    `insert into request_answers (user_id, key, call, body_sha256, status, answer) values ($1, $2, $3, $4, $5, $6::jsonb)
     on conflict (user_id, key) do nothing`,
    [key.userId, key.key, key.call, key.bodySha256, status, JSON.stringify(answer)],
  );
}

/**
 * Runs a write once per key: a kept answer is sent as it was, else `run` runs and its successful
 * answer is kept. Without a key (a read, a guest, an API client that sends none) `run` just runs.
 */
export async function answeredOnce<T>(request: FastifyRequest, reply: FastifyReply, key: AnswerKey | null, run: () => Promise<T>): Promise<T> {
  if (!key) return run();
  const db = request.server.db;
  // Not asked, the write runs as any write does (as before there were kept answers): logged, not refused.
  const kept = await keptAnswer(db, key).catch((err: unknown) => {
    request.log.warn({ err, call: key.call }, 'kept answer not asked');
    return null;
  });
  if (kept) {
    request.log.info({ call: key.call }, 'a write sent again: its first answer');
    reply.code(kept.status);
    return kept.answer as T;
  }
  const answer = await run();
  // The write is done and answered as such: an answer that could not be kept only leaves its re-send to run again.
  if (reply.statusCode < 300) await keepAnswer(db, key, reply.statusCode, answer).catch((err: unknown) => request.log.warn({ err, call: key.call }, 'answer not kept for a re-send'));
  return answer;
}
