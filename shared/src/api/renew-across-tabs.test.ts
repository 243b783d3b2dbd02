/* eslint-disable @typescript-eslint/no-require-imports -- each tab is its own module registry */
import Cookies from 'js-cookie';

/**
 * Two tabs of one browser: two copies of the modules (their own session store and single
 * flight) over one document's cookies and one Web Locks manager, as in a browser. The fake
 * server is strict as ARCHITECTURE §3: a rotated refresh token sent again ends the family.
 */
type Tab = {
  renewSession: typeof import('./renew-session').renewSession;
  store: typeof import('../session/session-store').useSessionStore;
  expired: unknown[];
};

function openTab(): Tab {
  let tab!: Tab;
  jest.isolateModules(() => {
    const config = require('../config/runtime-config') as typeof import('../config/runtime-config');
    config.setRuntimeConfig(
      config.parseRuntimeConfig({
        apiUrl: 'http://api.test',
        version: 't',
        remotes: { mf_catalog: 'http://c.test', mf_applications: 'http://a.test', mf_cabinet: 'http://k.test', mf_messaging: 'http://m.test' },
      }),
    );
    const { bus } = require('../bus/bus') as typeof import('../bus/bus');
    const { useSessionStore } = require('../session/session-store') as typeof import('../session/session-store');
    const { renewSession } = require('./renew-session') as typeof import('./renew-session');
    const expired: unknown[] = [];
    bus.on('auth:expired', (p) => expired.push(p));
    tab = { renewSession, store: useSessionStore, expired };
  });
  return tab;
}

/** A Web Locks manager: one holder of a name at a time, the others queued in order. */
function installLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const names: string[] = [];
  const locks = {
    request: (name: string, task: () => Promise<unknown>) => {
      names.push(name);
      const run = (tails.get(name) ?? Promise.resolve()).then(() => task());
      tails.set(name, run.catch(() => undefined));
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return { names, remove: () => Reflect.deleteProperty(navigator, 'locks') };
}

const renewBodies: string[] = [];
let rotated = new Set<string>();
let revoked = false;

function strictServer() {
  let next = 1;
  globalThis.fetch = jest.fn(async (_input: string, init: RequestInit) => {
    const { refresh_token: sent } = JSON.parse(String(init.body)) as { refresh_token: string };
    renewBodies.push(sent);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reply = (status: number, body: unknown) => ({ ok: status < 300, status, headers: { get: () => null }, text: async () => JSON.stringify(body) });
    if (revoked) return reply(401, { message: 'Сессия истекла. Войдите снова', code: 'refresh_invalid' });
    if (rotated.has(sent)) {
      revoked = true;
      return reply(401, { message: 'Сессия завершена', code: 'refresh_reused' });
    }
    rotated.add(sent);
    const pair = { token: `token-${next}`, refresh_token: `refresh-${next}` };
    next += 1;
    return reply(200, { data: pair });
  }) as unknown as typeof fetch;
}

beforeEach(() => {
  renewBodies.length = 0;
  rotated = new Set();
  revoked = false;
  strictServer();
  Cookies.remove('token');
  Cookies.remove('refresh_token');
});

describe('renewSession across the tabs of one browser', () => {
  it('two tabs renewing at once send the refresh token once; the second takes the pair the first got', async () => {
    const locks = installLocks();
    try {
      const [first, second] = [openTab(), openTab()];
      first.store.getState().setTokens('token-0', 'refresh-0');
      second.store.getState().setTokens('token-0', 'refresh-0');
      // The access cookie has expired in both tabs.
      Cookies.remove('token');

      const tokens = await Promise.all([first.renewSession(), second.renewSession()]);

      expect(tokens).toEqual(['token-1', 'token-1']);
      expect(renewBodies).toEqual(['refresh-0']);
      expect(second.store.getState()).toMatchObject({ token: 'token-1', refreshToken: 'refresh-1' });
      expect([...first.expired, ...second.expired]).toEqual([]);
      expect(locks.names.every((name) => name === 'market:token-renew')).toBe(true);

      // Later, each renews with the token then current: never a rotated one.
      Cookies.remove('token');
      expect(await second.renewSession()).toBe('token-2');
      expect(renewBodies).toEqual(['refresh-0', 'refresh-1']);
    } finally {
      locks.remove();
    }
  });

  it('without Web Locks the same two tabs send the token twice and the strict server ends the session: what the turns prevent', async () => {
    const [first, second] = [openTab(), openTab()];
    first.store.getState().setTokens('token-0', 'refresh-0');
    second.store.getState().setTokens('token-0', 'refresh-0');
    Cookies.remove('token');

    const tokens = await Promise.all([first.renewSession(), second.renewSession()]);

    expect(renewBodies).toEqual(['refresh-0', 'refresh-0']);
    expect(tokens).toContain(null);
  });
});
