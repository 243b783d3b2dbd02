import type { Db } from '../../db';
import { TooManyRequestsError } from '../../http/errors';
import { callbackRepository, type NewCallback } from './repository';

export const CALLBACK_ACCEPTED_MESSAGE = 'Заявка на звонок принята, мы перезвоним';
export const CALLBACK_LIMIT_MESSAGE = 'Слишком много заявок с вашего адреса. Попробуйте позже';

/** Five requests per IP in ten minutes: enough for a typo or two, too few for a spam run. */
export const CALLBACK_LIMIT = { max: 5, windowSeconds: 600 } as const;

export function callbackService({ db }: { db: Db }) {
  return {
    async create(input: NewCallback): Promise<{ id: number }> {
      // The lock, the count and the insert are one transaction: two requests racing from one
      // IP cannot both see room under the limit.
      return db.transaction(async (tx) => {
        const repo = callbackRepository(tx);
        await repo.lockIp(input.ip);
        const recent = await repo.recentFromIp(input.ip, CALLBACK_LIMIT.windowSeconds);
        if (recent.count >= CALLBACK_LIMIT.max) throw new TooManyRequestsError(Math.max(1, recent.retryAfterSeconds), CALLBACK_LIMIT_MESSAGE);
        return { id: await repo.insert(input) };
      });
    },
  };
}
