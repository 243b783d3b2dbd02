// Security headers of the static servers (scripts/serve-static.mjs). CommonJS so that the
// server (through createRequire) and the shell's Jest project can both load it.
const { runtimeConfigFromEnv } = require('./webpack/runtime-config.cjs');

/** Every front-end origin: the app is never framed, and no response is sniffed into another type. */
const BASE_HEADERS = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // X-Frame-Options for browsers that ignore CSP's frame-ancestors.
  'X-Frame-Options': 'DENY',
});

/** `scheme://host[:port]` of an absolute http(s) URL, or null. */
function originOf(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The CSP source of a tile template such as `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png`:
 * the `{s}` subdomain becomes a wildcard, the path is dropped. Null when the template is not an
 * absolute http(s) URL (then tiles come from the API, already allowed).
 */
function tileSource(template) {
  if (!template) return null;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(String(template));
  if (!match) return null;
  const host = match[2].replace(/\{[^}]*\}/g, '*');
  // A placeholder anywhere but the leftmost label cannot be written as a CSP host.
  if (/\*/.test(host.replace(/^\*\./, ''))) return null;
  return `${match[1].toLowerCase()}://${host.toLowerCase()}`;
}

/** The websocket form of the API's origin (socket.io upgrades on the same host). */
function websocketOrigin(apiOrigin) {
  if (!apiOrigin) return null;
  return apiOrigin.replace(/^http(s?):/, 'ws$1:');
}

const unique = (list) => [...new Set(list.filter(Boolean))];

/**
 * The shell's Content-Security-Policy from the runtime configuration: its own origin, the four
 * remotes (scripts, their CSS chunks and images, and the `mf-manifest.json` fetches), the API
 * (calls, websocket, images such as tiles and documents) and the tile source.
 *
 * style-src keeps 'unsafe-inline': the CSS of every package is injected as `<style>` elements by
 * webpack's style-loader, and react-toastify injects its own; nonces would have to reach five
 * separate webpack runtimes and a third-party injector. Scripts stay strict: no eval, and no
 * inline script but one a document names by its hash (`withScriptSources`).
 */
function contentSecurityPolicy(config) {
  const remotes = unique(Object.values(config.remotes || {}).map(originOf));
  const api = originOf(config.apiUrl);
  const tiles = tileSource(config.mapTileUrl);
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': unique(["'self'", 'data:', 'blob:', api, tiles, ...remotes]),
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': unique(["'self'", api, websocketOrigin(api), ...remotes]),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
    // The API's public downloads are GET forms (a catalogue page's «Скачать» works without scripts).
    'form-action': unique(["'self'", api]),
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${unique(sources).join(' ')}`)
    .join('; ');
}

/**
 * Headers every response of a static server carries. Remotes (no runtime config) get
 * `frame-ancestors 'none'` alone: their scripts are loaded cross-origin, never their pages framed.
 */
function securityHeaders({ shell = false, env = process.env, version = 'dev' } = {}) {
  const csp = shell ? contentSecurityPolicy(runtimeConfigFromEnv(env, version)) : "frame-ancestors 'none'";
  return { ...BASE_HEADERS, ...strictTransport(env), 'Content-Security-Policy': csp };
}

/**
 * HSTS for a site served over HTTPS in production (its APP_ORIGIN says so; QA GG-5): the browser
 * comes back over HTTPS only, for a year, so a first plain-http visit on a hostile network cannot
 * be answered by someone else (the session's cookies are readable by the page). Not in
 * development, nor for an http origin: a local run must stay reachable over http.
 */
function strictTransport(env) {
  const https = env.NODE_ENV === 'production' && /^https:\/\//i.test(String(env.APP_ORIGIN ?? '').trim());
  return https ? { 'Strict-Transport-Security': 'max-age=31536000' } : {};
}

/** Responses a Content-Security-Policy applies to: documents, and SVG, which a browser opens as one. */
const DOCUMENT_TYPE = /^\s*(text\/html|image\/svg\+xml)\b/i;

/**
 * A static server's headers by the response's Content-Type. The shell's whole CSP goes with its
 * documents only: a policy applies to the document it comes with, not to the scripts, styles and
 * JSON the document loads, which carry the remotes' set (`frame-ancestors 'none'`). On each of the
 * shell's start files the CSP was ~0.8 kB of headers, ~4 kB that a phone on Slow 4G received before
 * a client-only page could render.
 */
function staticServerHeaders({ shell = false, env = process.env, version = 'dev' } = {}) {
  const document = securityHeaders({ shell, env, version });
  const other = shell ? securityHeaders({ shell: false, env, version }) : document;
  return (contentType) => (DOCUMENT_TYPE.test(String(contentType ?? '')) ? document : other);
}

/**
 * `policy` with `sources` (such as an inline script's `'sha256-…'`) added to its script-src: a
 * document that carries one inline script allows that script alone, not inline scripts at large.
 */
function withScriptSources(policy, sources) {
  if (!sources.length) return policy;
  return policy
    .split('; ')
    .map((directive) => (directive.startsWith('script-src ') ? `${directive} ${sources.join(' ')}` : directive))
    .join('; ');
}

module.exports = { securityHeaders, staticServerHeaders, contentSecurityPolicy, withScriptSources, tileSource, websocketOrigin, originOf };
