import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What every API answer says to a browser: no answer is sniffed into another type, framed, or
 * followed by a Referer to elsewhere. An answer is data (JSON, a file, a tile), never a page, so its
 * policy allows nothing to run or load; the documentation UI sets its own (`DOCS_CSP`).
 * No answer is kept by a browser or a shared proxy unless its route says so (the public reads'
 * ETag and Cache-Control, the tiles'): a balance, messages or requisites kept by the browser could
 * be shown to the next person at it by «Назад» after the logout (QA P-5).
 * A header a route set itself is kept.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'cache-control': 'no-store',
});

/**
 * `/api/docs` (Swagger UI): its scripts and styles come from the API's origin, nothing inline runs
 * (the UI's own `csp.json` lists no inline hash), and it is never framed either.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  // Swagger UI's highlighter sets inline styles; nothing inline runs as script.
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "object-src 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * An answer that came over HTTPS (TLS here, or at a proxy TRUST_PROXY names, by its
 * X-Forwarded-Proto) tells the browser to come back over HTTPS only, for a year (QA GG-5): a first
 * plain-http request on a hostile network could otherwise be answered by someone else. Not over
 * plain http, where a browser ignores it anyway and a local run must stay reachable.
 */
export const HSTS = 'max-age=31536000';

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
}, { name: 'security-headers' });
