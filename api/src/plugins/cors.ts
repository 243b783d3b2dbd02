import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PROFILE_ID_HEADER } from 'shared/contract';

/** Browsers from the allow-list get CORS headers with credentials; others get none. */
export const corsPlugin = fp(async (app: FastifyInstance, opts: { origins: string[] }) => {
  const allowed = new Set(opts.origins);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', PROFILE_ID_HEADER],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
}, { name: 'cors' });
