import { createHmac, timingSafeEqual } from 'node:crypto';

// HS256 JSON Web Tokens with node:crypto: access tokens only need sign and verify.
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export interface AccessClaims {
  /** User id. */
  sub: number;
  /** auth_sessions.id: one login and its refresh-token family. */
  sid: string;
  typ: 'access';
  iat: number;
  exp: number;
}

function signature(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function signAccessToken(
  claims: { sub: number; sid: string },
  secret: string,
  ttlSeconds: number,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const payload: AccessClaims = { ...claims, typ: 'access', iat: nowSeconds, exp: nowSeconds + ttlSeconds };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${signature(body, secret).toString('base64url')}`;
}

/** The claims of a well-signed, unexpired access token; null for anything else. */
export function verifyAccessToken(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = signature(`${parts[0]}.${parts[1]}`, secret);
  const given = Buffer.from(parts[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: Partial<AccessClaims>;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Partial<AccessClaims>;
  } catch {
    return null;
  }
  if (claims.typ !== 'access' || typeof claims.sub !== 'number' || typeof claims.sid !== 'string') return null;
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null;
  return claims as AccessClaims;
}
