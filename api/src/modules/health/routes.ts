import type { FastifyInstance } from 'fastify';
import { health } from 'shared/contract';
import { AppError, UNAVAILABLE_MESSAGE } from '../../http/errors';
import { registerCall } from '../../http/register';

export async function healthRoutes(app: FastifyInstance, opts: { version: string; checkResponses: boolean }) {
  registerCall(
    app,
    health,
    async ({ request }) => {
      try {
        await app.db.query('select 1');
      } catch (err) {
        request.log.error({ err }, 'health: database check failed');
        throw new AppError(503, 'db_unavailable', UNAVAILABLE_MESSAGE);
      }
      return { data: { status: 'ok' as const, db: 'ok' as const, version: opts.version } };
    },
    opts,
  );
}
