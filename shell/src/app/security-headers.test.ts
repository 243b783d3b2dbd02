// The static servers' headers (scripts/security-headers.cjs, used by scripts/serve-static.mjs):
// tested here because the scripts have no test runner of their own and Jest covers the shell,
// whose CSP they are.
const { securityHeaders, staticServerHeaders, contentSecurityPolicy, withScriptSources, tileSource } = require('../../../scripts/security-headers.cjs') as {
  withScriptSources: (policy: string, sources: string[]) => string;
  securityHeaders: (o: { shell?: boolean; env?: Record<string, string | undefined> }) => Record<string, string>;
  staticServerHeaders: (o: { shell?: boolean; env?: Record<string, string | undefined> }) => (contentType: string | null) => Record<string, string>;
  contentSecurityPolicy: (config: { apiUrl: string; remotes: Record<string, string>; mapTileUrl: string | null }) => string;
  tileSource: (template: string | null) => string | null;
};

const ENV = {
  API_URL: 'https://api.market.example',
  MF_CATALOG_URL: 'https://catalog.market.example',
  MF_APPLICATIONS_URL: 'https://applications.market.example/',
  MF_CABINET_URL: 'https://cabinet.market.example',
  MF_MESSAGING_URL: 'https://messaging.market.example',
  MAP_TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
};
const REMOTES = ['https://catalog.market.example', 'https://applications.market.example', 'https://cabinet.market.example', 'https://messaging.market.example'];

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split('; ').map((part) => {
      const [name, ...sources] = part.split(' ');
      return [name, sources];
    }),
  );
}

describe('security headers of every static server', () => {
  it.each([true, false])('shell=%s: nosniff, a strict referrer policy, never framed', (shell) => {
    const headers = securityHeaders({ shell, env: ENV });
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    });
    expect(directives(headers['Content-Security-Policy']!)['frame-ancestors']).toEqual(["'none'"]);
  });

  it('HSTS only in production on an https APP_ORIGIN, for every answer (QA GG-5)', () => {
    const hsts = (env: Record<string, string | undefined>) => securityHeaders({ shell: true, env: { ...ENV, ...env } })['Strict-Transport-Security'];
    expect(hsts({ NODE_ENV: 'production', APP_ORIGIN: 'https://market.example' })).toBe('max-age=31536000');
    expect(staticServerHeaders({ shell: true, env: { ...ENV, NODE_ENV: 'production', APP_ORIGIN: 'https://market.example' } })('text/javascript')['Strict-Transport-Security']).toBe('max-age=31536000');
    expect(hsts({ NODE_ENV: 'production', APP_ORIGIN: 'http://localhost:3000' })).toBeUndefined();
    expect(hsts({ NODE_ENV: 'development', APP_ORIGIN: 'https://market.example' })).toBeUndefined();
    expect(hsts({})).toBeUndefined();
  });

  it('a remote has no CSP but frame-ancestors: its scripts run under the shell page', () => {
    expect(securityHeaders({ shell: false, env: ENV })['Content-Security-Policy']).toBe("frame-ancestors 'none'");
  });
});

describe('the headers of a response, by its type', () => {
  const shell = staticServerHeaders({ shell: true, env: ENV });
  const remote = staticServerHeaders({ shell: false, env: ENV });
  const whole = securityHeaders({ shell: true, env: ENV });
  const framing = securityHeaders({ shell: false, env: ENV });

  it("the shell's documents (HTML, SVG) carry its whole CSP", () => {
    expect(shell('text/html; charset=utf-8')).toEqual(whole);
    expect(shell('image/svg+xml')).toEqual(whole);
  });

  it("the shell's scripts, styles, JSON and plain answers carry nosniff, the referrer policy and frame-ancestors only", () => {
    for (const type of ['text/javascript; charset=utf-8', 'text/css; charset=utf-8', 'application/json; charset=utf-8', 'text/plain; charset=utf-8', null]) {
      expect(shell(type)).toEqual(framing);
    }
    expect(framing['Content-Security-Policy']).toBe("frame-ancestors 'none'");
  });

  it('a remote carries the same set whatever the type', () => {
    expect(remote('text/html; charset=utf-8')).toEqual(framing);
    expect(remote('text/javascript; charset=utf-8')).toEqual(framing);
  });
});

describe("the shell's Content-Security-Policy", () => {
  const csp = directives(securityHeaders({ shell: true, env: ENV })['Content-Security-Policy']!);

  it('allows scripts from its own origin and the four remotes only: no inline script, no eval', () => {
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", ...REMOTES]);
  });

  it('allows a document’s one inline script by its hash, changing no other directive', () => {
    const policy = securityHeaders({ shell: true, env: ENV })['Content-Security-Policy']!;
    const hash = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
    const withHash = directives(withScriptSources(policy, [hash]));
    expect(withHash['script-src']).toEqual(["'self'", ...REMOTES, hash]);
    expect({ ...withHash, 'script-src': csp['script-src'] }).toEqual(csp);
    expect(withScriptSources(policy, [])).toBe(policy);
  });

  it('lets the app call the API (http and websocket) and fetch the remotes’ manifests', () => {
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.market.example', 'wss://api.market.example', ...REMOTES]);
  });

  it('takes images from the API (tiles, documents) and the tile host, with {s} as a wildcard', () => {
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'https://api.market.example', 'https://*.tile.openstreetmap.org']));
  });

  it('closes plugins, <base>, framing and form targets but the app and its API (public downloads)', () => {
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'", 'https://api.market.example']);
  });

  it('uses ws: for an http API and skips a missing tile source', () => {
    const local = directives(
      contentSecurityPolicy({ apiUrl: 'http://localhost:8080', remotes: { mf_catalog: 'http://localhost:3001' }, mapTileUrl: null }),
    );
    expect(local['connect-src']).toEqual(["'self'", 'http://localhost:8080', 'ws://localhost:8080', 'http://localhost:3001']);
    expect(local['img-src']).toEqual(["'self'", 'data:', 'blob:', 'http://localhost:8080', 'http://localhost:3001']);
  });

  it('turns tile templates into CSP sources', () => {
    expect(tileSource('https://tiles.example.com/{z}/{x}/{y}.png')).toBe('https://tiles.example.com');
    expect(tileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.openstreetmap.org');
    expect(tileSource('/api/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileSource(null)).toBeNull();
  });
});
