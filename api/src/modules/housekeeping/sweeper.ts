import type { Db } from '../../db';
import { KEPT_ANSWER_MS } from '../../http/answer-replay';
import { systemClock, type Clock } from '../../lib/clock';
import { periodic } from '../../lib/periodic';
import type { FileStorage } from '../../providers/storage/types';
import { housekeepingRepository } from './repository';

const DAY_MS = 24 * 3600 * 1000;

/** How long rows nothing needs are kept before a sweep deletes them. */
export const HOUSEKEEPING_TIMES = {
  /** A revoked session (and its refresh tokens), after its revocation. */
  revokedSessionMs: DAY_MS,
  /** A session none of whose refresh tokens can renew it, after the newest one expired. */
  expiredSessionMs: DAY_MS,
  /** An SMS code or a phone's confirmation for registration, after it expired. */
  expiredCodeMs: DAY_MS,
  /** A message in the development SMS inbox, after it was sent. */
  devInboxMs: 7 * DAY_MS,
  /** A write's kept answer (http/answer-replay.ts), after it was given: a re-send comes within seconds. */
  requestAnswerMs: KEPT_ANSWER_MS,
  /** An API process's start (its claims' liveness), after it was last alive: its claims are gone by then. */
  apiStartMs: DAY_MS,
  /**
   * An upload's partial file, after it was last written: one in flight is written every moment, and
   * a stalled one is cut at REQUEST_TIMEOUT_SECONDS (at most a day); one left by a stopped process stays.
   */
  partialUploadMs: DAY_MS,
} as const;

interface SweeperLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface HousekeepingDeps {
  db: Db;
  /** The uploads' storage, whose partial files left by a stopped process go (QA AAJ-5). */
  storage?: Pick<FileStorage, 'sweepPartial'>;
  log: SweeperLog;
  now?: Clock;
  /** How often a sweep runs once the first one has. */
  intervalMs?: number;
  /** How long after `start()` the first sweep runs: not in the middle of a start's busy minute. */
  firstRunMs?: number;
  /** Rows deleted per statement. */
  batch?: number;
  /** Batches per kind of row and sweep: a larger backlog goes on at the next sweep. */
  maxBatches?: number;
}

export interface SweepCounts {
  revokedSessions: number;
  expiredSessions: number;
  smsCodes: number;
  phoneVerifications: number;
  devInbox: number;
  requestAnswers: number;
  apiStarts: number;
  partialUploads: number;
}

/**
 * Deletes auth and SMS rows, kept answers and API starts nothing reads any more (QA AA-5), every `intervalMs` on an unref'd
 * timer that starts and stops with the app. On embedded PGlite, which runs no autovacuum, a sweep
 * that deleted rows also runs `VACUUM` so that the space is used again; a PostgreSQL server's
 * autovacuum does that itself. Several API nodes may sweep at once: a batch skips rows another holds.
 */
export function housekeeping({ db, storage, log, now = systemClock, intervalMs = 3600_000, firstRunMs = 60_000, batch = 1000, maxBatches = 100 }: HousekeepingDeps) {
  const repo = housekeepingRepository(db);

  async function drain(deleteBatch: () => Promise<number>): Promise<number> {
    let total = 0;
    for (let round = 0; round < maxBatches; round++) {
      const deleted = await deleteBatch();
      total += deleted;
      if (deleted < batch) break;
    }
    return total;
  }

  // A files folder that cannot be read is logged on its own: the rows' sweep is done and said all the same.
  const partialUploads = async (before: Date): Promise<number> =>
    (await storage?.sweepPartial?.(before).catch((err: unknown) => {
      log.error({ err }, 'housekeeping: partial uploads not swept');
      return 0;
    })) ?? 0;

  async function sweep(): Promise<SweepCounts> {
    const took = performance.now();
    const at = now();
    const before = (ms: number) => new Date(at - ms).toISOString();
    const counts: SweepCounts = {
      revokedSessions: await drain(() => repo.revokedSessions(before(HOUSEKEEPING_TIMES.revokedSessionMs), batch)),
      expiredSessions: await drain(() => repo.expiredSessions(before(HOUSEKEEPING_TIMES.expiredSessionMs), batch)),
      smsCodes: await drain(() => repo.expiredCodes(before(HOUSEKEEPING_TIMES.expiredCodeMs), batch)),
      phoneVerifications: await drain(() => repo.expiredVerifications(before(HOUSEKEEPING_TIMES.expiredCodeMs), batch)),
      devInbox: await drain(() => repo.devInbox(before(HOUSEKEEPING_TIMES.devInboxMs), batch)),
      requestAnswers: await drain(() => repo.requestAnswers(before(HOUSEKEEPING_TIMES.requestAnswerMs), batch)),
      apiStarts: await drain(() => repo.apiStarts(before(HOUSEKEEPING_TIMES.apiStartMs), batch)),
      partialUploads: await partialUploads(new Date(at - HOUSEKEEPING_TIMES.partialUploadMs)),
    };
    // Rows deleted: files are no database's space.
    const vacuumed = db.kind === 'pglite' && Object.entries(counts).some(([kind, n]) => kind !== 'partialUploads' && n > 0);
    // Outside any transaction, as VACUUM must be.
    if (vacuumed) await db.exec('vacuum');
    log.info({ ...counts, vacuumed, ms: Math.round(performance.now() - took) }, 'housekeeping sweep');
    return counts;
  }

  const job = periodic({ run: sweep, intervalMs, firstRunMs, onError: (err) => log.error({ err }, 'housekeeping sweep failed') });

  return {
    /** One sweep by hand (tests); after the one in flight, if any. */
    runOnce: job.runOnce,
    start(): void {
      job.start();
    },
    /** Stops the timer and waits for a sweep in flight, so the database can be closed after. */
    stop: job.stop,
  };
}

export type Housekeeping = ReturnType<typeof housekeeping>;
