import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db';
import { THIS_START } from '../../http/answer-replay';
import { periodic } from '../../lib/periodic';
import { requestAnswersRepository } from './repository';

/** How often a listening API process says it is alive (`api_starts`, migration 042). */
export const ALIVE_EVERY_MS = 5_000;

/**
 * Says, every `intervalMs`, that this start of the API process is alive: a write's claim made by a
 * start that has not said so for `DEAD_CLAIMANT_MS` (answer-replay.ts) died with it, and any node
 * takes its key back at once rather than after minutes (QA PPP-3). Missed beats (the database away)
 * only leave its claims to the minutes' rule.
 */
export function liveness({ db, node, intervalMs = ALIVE_EVERY_MS, onError }: { db: Queryable; node: string; intervalMs?: number; onError: (err: unknown) => void }) {
  const repo = requestAnswersRepository(db);
  return periodic({ run: () => repo.alive(THIS_START, node), intervalMs, firstRunMs: 0, onError });
}

/** Beats while the app listens: a process that only answers in memory (the tests' inject) claims nothing a node could outlive. */
export async function livenessModule(app: FastifyInstance) {
  let job: ReturnType<typeof liveness> | undefined;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 'pipe';
    job = liveness({ db: app.db, node: `${hostname()}:${port}`, onError: (err) => app.log.warn({ err }, 'liveness beat failed') });
    job.start();
  });
  app.addHook('preClose', async () => job?.stop());
}
