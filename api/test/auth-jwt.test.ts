import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../src/db';
import { signAccessToken, verifyAccessToken } from '../src/lib/jwt';
import { hashPassword, needsRehash, verifyPassword } from '../src/lib/password';
import { authPlugin } from '../src/plugins/auth';
import { dbPlugin } from '../src/plugins/db';
import { errorHandlerPlugin } from '../src/plugins/error-handler';

const NOW = 2_000_000_000;

describe('access tokens (lib/jwt)', () => {
  const token = signAccessToken({ sub: 7, sid: 'session-1' }, 'secret', 3600, NOW);

  it('verify their own signature and claims', () => {
    expect(verifyAccessToken(token, 'secret', NOW)).toEqual({ sub: 7, sid: 'session-1', typ: 'access', iat: NOW, exp: NOW + 3600 });
  });

  it('are refused once expired', () => {
    expect(verifyAccessToken(token, 'secret', NOW + 3599)).not.toBeNull();
    expect(verifyAccessToken(token, 'secret', NOW + 3600)).toBeNull();
  });

  it('are refused with another secret, a changed payload or a broken shape', () => {
    expect(verifyAccessToken(token, 'other-secret', NOW)).toBeNull();
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 8 })).toString('base64url');
    expect(verifyAccessToken(`${h}.${forged}.${s}`, 'secret', NOW)).toBeNull();
    expect(verifyAccessToken(`${h}.${p}`, 'secret', NOW)).toBeNull();
    expect(verifyAccessToken(`${h}.${p}.`, 'secret', NOW)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(verifyAccessToken(`${none}.${p}.${s}`, 'secret', NOW)).toBeNull();
  });
});

describe('auth plugin', () => {
  let app: FastifyInstance;
  let clock = NOW * 1000;
  // Sessions the fake database knows: id → user id (revoked ones are absent).
  const live = new Map<string, number>([['s-live', 7]]);

  beforeAll(async () => {
    app = Fastify();
    const db = {
      query: async (_sql: string, params: unknown[] = []) => (live.has(params[0] as string) ? [{ user_id: live.get(params[0] as string) }] : []),
    } as unknown as Db;
    await app.register(dbPlugin, { db, closeOnShutdown: false });
    await app.register(errorHandlerPlugin);
    await app.register(authPlugin, { jwtSecret: 'secret', now: () => clock });
    app.get('/who', async (request) => ({ data: await app.authenticate(request) }));
  });
  afterAll(() => app.close());

  const who = (authorization?: string) => app.inject({ method: 'GET', url: '/who', headers: authorization ? { authorization } : {} });
  const tokenFor = (sub: number, sid: string, secret = 'secret') => signAccessToken({ sub, sid }, secret, 3600, NOW);

  it('answers the caller for a valid token of a live session, and null without a token', async () => {
    expect((await who(`Bearer ${tokenFor(7, 's-live')}`)).json()).toEqual({ data: { userId: 7, sessionId: 's-live' } });
    expect((await who()).json()).toEqual({ data: null });
  });

  it('refuses with 401 a bad signature, an expired token, a revoked session and a session of another user', async () => {
    for (const header of [`Bearer ${tokenFor(7, 's-live', 'evil')}`, `Bearer ${tokenFor(7, 's-revoked')}`, `Bearer ${tokenFor(8, 's-live')}`, 'Bearer x.y.z']) {
      const res = await who(header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Сессия истекла. Войдите снова', code: 'token_invalid' });
    }
    clock = (NOW + 3600) * 1000;
    expect((await who(`Bearer ${tokenFor(7, 's-live')}`)).statusCode).toBe(401);
    clock = NOW * 1000;
  });
});

describe('password hashing', () => {
  it('uses argon2id, verifies, and recognises the old scrypt hashes for a rehash', async () => {
    const hash = await hashPassword('пароль-для-теста');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('пароль-для-теста', hash)).toBe(true);
    expect(await verifyPassword('другой', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    // scrypt$salt$hash as the foundation stored it (N=16384, r=8, p=1, 64 bytes).
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const legacy = `scrypt$${salt.toString('base64url')}$${scryptSync('старый', salt, 64).toString('base64url')}`;
    expect(await verifyPassword('старый', legacy)).toBe(true);
    expect(await verifyPassword('новый', legacy)).toBe(false);
    expect(needsRehash(legacy)).toBe(true);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
    expect(await verifyPassword('x', '$argon2id$broken')).toBe(false);
  });
});
