import { formatWait } from 'shared/contract';
import type { Db } from '../../../db';
import { TooManyRequestsError } from '../../../http/errors';
import type { FloodLimits } from '../settings';
import type { LimitCheck, RateLimiter, Refusal } from './service';

export const FLOOD_MESSAGES = {
  tooManyMessages: (wait: string) => `Слишком много сообщений. Попробуйте через ${wait}`,
  tooManyUploads: (wait: string) => `Слишком много загрузок файлов. Попробуйте через ${wait}`,
  tooManyUploadBytes: (wait: string) => `Слишком большой объём загруженных файлов за сутки. Попробуйте через ${wait}`,
  tooManyDrafts: (wait: string) => `Слишком много новых черновиков. Попробуйте через ${wait}`,
  tooManyApplications: (wait: string) => `Слишком много новых заявок. Попробуйте через ${wait}`,
} as const;

/**
 * The flood limits' counts one request takes (its message, each of its files, a new application).
 * Each is taken before what it counts is stored, and a refused one takes nothing (`reserve`); they
 * go back together when the request fails or adds nothing (a send again with its `clientKey`),
 * so only what was really sent and kept is limited.
 */
export interface RequestCounts {
  /** One message (`message/create`). */
  message(): Promise<void>;
  /** One new application, a draft or one published at once: the refusal names which. */
  newApplication(kind: 'draft' | 'published'): Promise<void>;
  /** One file, before it is stored; the request's first also finds the day's bytes not used up. */
  file(): Promise<void>;
  /** Runs `work`; when it throws, every count taken (before or during it) goes back. */
  guard<T>(work: () => Promise<T>): Promise<T>;
  /** Every count taken goes back, and the request's bytes will not be counted. */
  giveBack(): Promise<void>;
  /** After the request succeeded: the bytes it stored, against the day's quota (none once given back). */
  stored(bytes: number): Promise<void>;
}

/** Counted without a cap: the bytes are stored already. The quota refuses the next request's first file. */
const UNCAPPED = Number.MAX_SAFE_INTEGER;

/**
 * Per-user flood limits (auth/settings.ts `FloodLimits`, QA GG-4) on the rate limiter's store:
 * 429 with Retry-After and a Russian «… Попробуйте через N …» when one is used up.
 */
export function floodLimits({ db, limiter, limits }: { db: Db; limiter: RateLimiter; limits: FloodLimits }) {
  const refused = (refusal: Refusal, message: (wait: string) => string) =>
    new TooManyRequestsError(refusal.retryAfterSeconds, message(formatWait(refusal.retryAfterSeconds)));

  return {
    /** The counts of one request of this user. */
    forUser(userId: number): RequestCounts {
      const releases: Array<() => Promise<void>> = [];
      let givenBack = false;
      let bytesChecked = false;
      const bytes: LimitCheck = { key: `flood:upload-bytes:${userId}`, ...limits.uploadBytesPerDay };

      async function take(checks: LimitCheck[], message: (wait: string) => string): Promise<void> {
        const reservation = await limiter.reserve(db, checks);
        if (reservation.refusal) throw refused(reservation.refusal, message);
        releases.push(reservation.release);
      }

      const counts: RequestCounts = {
        message: () =>
          take(
            [
              { key: `flood:message-minute:${userId}`, ...limits.messagesPerMinute },
              { key: `flood:message-hour:${userId}`, ...limits.messagesPerHour },
            ],
            FLOOD_MESSAGES.tooManyMessages,
          ),
        newApplication: (kind) =>
          take([{ key: `flood:application:${userId}`, ...limits.newApplicationsPerDay }], kind === 'draft' ? FLOOD_MESSAGES.tooManyDrafts : FLOOD_MESSAGES.tooManyApplications),
        async file() {
          if (!bytesChecked) {
            // Room for one byte more: asked, then given back at once; the bytes are counted once stored (`stored`).
            const room = await limiter.reserve(db, [{ ...bytes, cost: 1 }]);
            if (room.refusal) throw refused(room.refusal, FLOOD_MESSAGES.tooManyUploadBytes);
            await room.release();
            bytesChecked = true;
          }
          await take([{ key: `flood:upload-files:${userId}`, ...limits.uploadFilesPerHour }], FLOOD_MESSAGES.tooManyUploads);
        },
        async guard(work) {
          try {
            return await work();
          } catch (error) {
            await counts.giveBack();
            throw error;
          }
        },
        async giveBack() {
          givenBack = true;
          // A count that cannot be given back (its store went away) stays until it leaves its window.
          await Promise.allSettled(releases.splice(0).map((release) => release()));
        },
        async stored(n) {
          if (givenBack || n <= 0) return;
          await limiter.consume(db, [{ ...bytes, cost: n, max: UNCAPPED }]);
        },
      };
      return counts;
    },
  };
}
export type FloodLimiter = ReturnType<typeof floodLimits>;
