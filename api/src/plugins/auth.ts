import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/errors';
import { verifyAccessToken } from '../lib/jwt';
import { sessionsRepository } from '../modules/auth/sessions-repository';

export interface AuthUser {
  userId: number;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The caller of a request: null without a bearer token, 401 for an invalid one. */
    authenticate(request: FastifyRequest): Promise<AuthUser | null>;
    /** One definition of a valid access token for HTTP and sockets: signature, expiry, live session. */
    authenticateToken(token: string): Promise<AuthUser | null>;
  }
}

export const TOKEN_MISSING_MESSAGE = 'Требуется авторизация';
export const TOKEN_INVALID_MESSAGE = 'Сессия истекла. Войдите снова';

export const unauthorized = (message = TOKEN_MISSING_MESSAGE, code = 'unauthorized') => new AppError(401, code, message);

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Verifies the bearer token: signature, expiry, and a session that is not revoked (one
 * indexed lookup, so a logout or a password change ends access tokens at once).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { jwtSecret: string; now?: () => number }) => {
  const nowSeconds = () => Math.floor((opts.now?.() ?? Date.now()) / 1000);
  app.decorate('authenticateToken', async (token: string): Promise<AuthUser | null> => {
    const claims = verifyAccessToken(token, opts.jwtSecret, nowSeconds());
    if (!claims) return null;
    const owner = await sessionsRepository(app.db).liveSessionUserId(claims.sid);
    return owner === claims.sub ? { userId: claims.sub, sessionId: claims.sid } : null;
  });
  app.decorate('authenticate', async (request: FastifyRequest): Promise<AuthUser | null> => {
    const token = bearerToken(request);
    if (!token) return null;
    const user = await app.authenticateToken(token);
    if (!user) throw unauthorized(TOKEN_INVALID_MESSAGE, 'token_invalid');
    return user;
  });
}, { name: 'auth', dependencies: ['db'] });
