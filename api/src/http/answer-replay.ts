import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, PROFILE_ID_HEADER } from 'shared/contract';
import { type RequestAnswerKey, requestAnswersRepository } from '../modules/request-answers/repository';
import { AppError } from './errors';
import { IDEMPOTENCY_KEY_REUSED, idempotencyKeyHeader } from './idempotency-key';

/**
 * How long a write's answer is given again to its re-send: the browser re-sends at once, the app's
 * own retry after a renewal within seconds. Not longer: a kept answer tells what was so when it was
 * given (QA III-1); housekeeping deletes it after this.
 */
export const KEPT_ANSWER_MS = 10 * 60 * 1000;

/** A claim whose write has run this long is taken as its server's lost (stopped mid-write): the key is free. */
const ABANDONED_CLAIM_MS = 2 * 60 * 1000;

/**
 * This start of the API process: a claim of the same host and port with another is its earlier
 * start's; one whose start stopped saying it is alive (request-answers/liveness.ts) is a dead one's.
 */
export const THIS_START = randomUUID();

/** A start silent this long (its beats come every 5 s) has died: its claims are taken back by any node. */
export const DEAD_CLAIMANT_MS = 30_000;

/**
 * Who claims a key: the API node (its host and the port the request came in on) and this start of
 * it. The same node started again after a crash knows its earlier start's claims are dead, and takes
 * their keys back at once rather than after ABANDONED_CLAIM_MS (QA PPP-3); another node's claim
 * waits for that, unless its start has been silent DEAD_CLAIMANT_MS.
 */
function claimantOf(request: FastifyRequest): { node: string; me: string } {
  const node = `${hostname()}:${request.socket?.localPort ?? 'inject'}`;
  return { node, me: `${node}#${THIS_START}` };
}

/** A claim with no answer made by an earlier start of this node: its write died with that start. */
const diedWithEarlierStart = (claimedBy: string | null, claimant: { node: string; me: string }) =>
  claimedBy !== null && claimedBy.startsWith(`${claimant.node}#`) && claimedBy !== claimant.me;

/** How long a re-send waits for the first sending still running, and how often it looks. */
const WAIT_MS = 20_000;
const LOOK_EVERY_MS = 100;

/** An answer larger than this is not kept (its re-send runs again): a write's answers are small. */
const KEPT_ANSWER_MAX_CHARS = 64 * 1024;

export const STILL_RUNNING_MESSAGE = 'Этот запрос ещё выполняется. Обновите страницу через минуту, чтобы увидеть его итог';

/** The methods that write: a read (HEAD too) is never kept, whatever it carries (QA III-2). */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A signed-in user's write, named by its `Idempotency-Key`. */
export interface AnswerKey extends RequestAnswerKey {
  /** What the key was sent with: the query, the body (an upload's length) and the acting profile. */
  bodySha256: string;
  /**
   * An upload: its body is read as it runs, so its key is not claimed before (a body cut on the
   * browser's side only would hold it for minutes: QA LLL-2); the same upload sent meanwhile runs,
   * and the documents' own checks keep one copy of the same file (CCC-2, EEE-1).
   */
  upload: boolean;
}

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * The key of a signed-in user's write (`Idempotency-Key`), or null: a read, a guest, no key. The
 * app sends one with every write, the same key with the same write sent again: the browser's own
 * re-send after a broken connection, which carries the same headers and bytes (QA EEE-2). An
 * upload's body is not read before its run: its length stands for it. Not its multipart boundary:
 * the app's own retry after a session renewal sends the same file in a new form, whose boundary
 * is new (QA LLL-1).
 */
export function answerKeyOf(request: FastifyRequest, call: string, userId: number | null): AnswerKey | null {
  if (!WRITES.has(request.method) || userId === null) return null;
  const key = idempotencyKeyHeader(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
  if (key === null) return null;
  const { headers } = request;
  const upload = request.isMultipart();
  const body = upload ? headers['content-length'] ?? null : (request.body ?? null);
  return { userId, key, call, upload, bodySha256: sha256([request.query ?? null, body, headers[PROFILE_ID_HEADER.toLowerCase()] ?? null]) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type RequestAnswers = ReturnType<typeof requestAnswersRepository>;

type Turn = { run: true } | { run: false; status: number; answer: unknown };

/**
 * Whose turn it is: this write's (the key claimed), or the first sending's answer. A key held by
 * another request (another call, body or profile) is refused; one held by the same write still
 * running is waited for; an old one is taken back.
 */
async function turnOf(answers: RequestAnswers, key: AnswerKey, claimant: { node: string; me: string }): Promise<Turn> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    if (!key.upload && (await answers.claim(key, claimant.me))) return { run: true };
    const held = await answers.held(key, KEPT_ANSWER_MS, ABANDONED_CLAIM_MS, DEAD_CLAIMANT_MS);
    if (!held && key.upload) return { run: true };
    if (!held && Date.now() < until) continue; // released meanwhile (its write failed): claimed on the next turn
    if (!held) throw new AppError(409, 'request_running', STILL_RUNNING_MESSAGE);
    if (held.stale || (held.status === null && (held.abandoned || held.dead || diedWithEarlierStart(held.claimed_by, claimant)))) {
      await answers.drop(key, held);
      continue;
    }
    if (held.call !== key.call || held.body_sha256 !== key.bodySha256) throw new AppError(409, 'idempotency_key_reused', IDEMPOTENCY_KEY_REUSED);
    if (held.status !== null) return { run: false, status: held.status, answer: held.answer };
    if (key.upload) return { run: true };
    if (Date.now() >= until) throw new AppError(409, 'request_running', STILL_RUNNING_MESSAGE);
    await pause(LOOK_EVERY_MS);
  }
}

/**
 * Runs a write once per key, on every API node alike: the same write sent again gets the first
 * sending's answer (kept `KEPT_ANSWER_MS`), waiting for it while it runs, rather than running again:
 * a step done answered 409 to the user who did it, an upload made a second version, an invite sent
 * a second code. Only a successful answer is kept: after a failure the re-send runs. Without a key
 * (a read, a guest, an API client that sends none) `run` just runs.
 */
export async function answeredOnce<T>(request: FastifyRequest, reply: FastifyReply, key: AnswerKey | null, run: () => Promise<T>): Promise<T> {
  if (!key) return run();
  const answers = requestAnswersRepository(request.server.db);
  // Not asked, the write runs as any write does (as before there were kept answers): logged, not refused.
  const turn = await turnOf(answers, key, claimantOf(request)).catch((err: unknown): Turn => {
    if (err instanceof AppError) throw err;
    request.log.warn({ err, call: key.call }, 'kept answer not asked');
    return { run: true };
  });
  if (!turn.run) {
    request.log.info({ call: key.call }, 'a write sent again: its first answer');
    reply.code(turn.status);
    return turn.answer as T;
  }
  let answer: T;
  try {
    answer = await run();
  } catch (err) {
    await answers.release(key).catch((failed: unknown) => request.log.warn({ err: failed, call: key.call }, 'key not released'));
    throw err;
  }
  // The write is done and answered as such: an answer that could not be kept only leaves its re-send to run again.
  const kept = reply.statusCode < 300 ? JSON.stringify(answer) : null;
  const keeping =
    kept !== null && kept.length <= KEPT_ANSWER_MAX_CHARS
      ? (key.upload ? answers.keepUnclaimed(key, reply.statusCode, kept) : answers.keep(key, reply.statusCode, kept))
      : answers.release(key);
  await keeping.catch((err: unknown) => request.log.warn({ err, call: key.call }, 'answer not kept for a re-send'));
  return answer;
}
