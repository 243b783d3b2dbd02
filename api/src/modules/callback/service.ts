import type { Db, Queryable } from '../../db';
import { TooManyRequestsError } from '../../http/errors';
import { callbackRepository as defaultRepository, type CallbackRepository, type NewCallback } from './repository';

export const CALLBACK_ACCEPTED_MESSAGE = 'Заявка на звонок принята, мы перезвоним';
export const CALLBACK_LIMIT_MESSAGE = 'Слишком много заявок с вашего адреса, попробуйте позже';

/** Five requests per IP in ten minutes: enough for a typo or two, too few for a spam run. */
export const CALLBACK_LIMIT = { max: 5, windowSeconds: 600 } as const;

export function callbackService(deps: { db: Db; repository?: (db: Queryable) => CallbackRepository; limit?: typeof CALLBACK_LIMIT }) {
  const repoOf = deps.repository ?? defaultRepository;
  const limit = deps.limit ?? CALLBACK_LIMIT;
  return {
    async create(input: NewCallback): Promise<{ id: number }> {
      return deps.db.transaction(async (tx) => {
        const repo = repoOf(tx);
        await repo.lockIp(input.ip);
        const recent = await repo.recentFromIp(input.ip, limit.windowSeconds);
        if (recent.count >= limit.max) throw new TooManyRequestsError(Math.max(1, recent.retryAfterSeconds), CALLBACK_LIMIT_MESSAGE);
        return { id: await repo.insert(input) };
      });
    },
  };
}
