import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../http/route-options';

export async function executorRoutes(_app: FastifyInstance, _opts: RouteOptions) {}
