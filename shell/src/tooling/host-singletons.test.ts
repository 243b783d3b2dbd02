/**
 * @jest-environment node
 */
// The federation runtime plugin of every browser build (scripts/webpack/host-singletons.mjs): a
// singleton loaded after the start (`shared/lk`) resolves to the shell's copy, not to the highest
// version a remote registered. Driven through the installed runtime's own resolution.
import { createRequire } from 'node:module';
import path from 'node:path';
import remotes from '../../../remotes.json';

type Entry = { version: string; from: string; loaded?: boolean; loading?: Promise<unknown> | null; lib?: () => unknown; get?: () => Promise<() => unknown> };
type ShareScopeMap = Record<string, Record<string, Record<string, Entry>>>;
type ShareInfo = { shareConfig: { singleton: boolean; requiredVersion: string | false }; strategy: string; scope: string[]; from: string };
type ResolveArgs = { shareScopeMap: ShareScopeMap; scope: string; pkgName: string; version: string; shareInfo: ShareInfo; resolver: () => { shared: Entry } | undefined };
type Plugin = { name: string; resolveShare: (args: ResolveArgs) => ResolveArgs };
type SharedOption = { version: string; get: () => Promise<() => unknown>; shareConfig: ShareInfo['shareConfig']; strategy: string };
type Instance = {
  shareScopeMap: ShareScopeMap;
  initializeSharing: (scope: string) => void;
  initShareScopeMap: (scope: string, shareScope: ShareScopeMap[string]) => void;
  loadShare: (pkgName: string) => Promise<() => unknown>;
};
type RuntimeCore = {
  getRegisteredShare: (map: ShareScopeMap, pkgName: string, shareInfo: ShareInfo, hook: { emit: (args: ResolveArgs) => ResolveArgs }) => { shared: Entry } | undefined;
  ModuleFederation: new (options: { name: string; remotes: []; shareStrategy: string; shared: Record<string, SharedOption>; plugins: Plugin[] }) => Instance;
  resetFederationGlobalInfo: () => void;
};

// An ES module (shell/jest.config.cjs transforms it).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const hostSingletons = (require('../../../scripts/webpack/host-singletons.mjs') as { default: (params: { host: string }) => Plugin }).default;
const fromEnhanced = createRequire(require.resolve('@module-federation/enhanced'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const runtime = require(fromEnhanced.resolve('@module-federation/runtime-core')) as RuntimeCore;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createConfig } = require('../../../scripts/webpack/create-config.cjs') as {
  createConfig: (options: { name: string; dir: string; port?: number; isHost: boolean }) => (env: unknown, argv: { mode: string }) => { plugins: object[] };
};

const plugin = hostSingletons({ host: 'shell' });
const consumer = (from: string, singleton = true): ShareInfo => ({
  shareConfig: { singleton, requiredVersion: false },
  strategy: 'loaded-first',
  scope: ['default'],
  from,
});

/** Which entry of `versions` the runtime hands `consumer` for `shared/lk`, with the plugin. */
function resolve(versions: Record<string, Entry>, info: ShareInfo = consumer('mf_messaging')): Entry | undefined {
  const map: ShareScopeMap = { default: { 'shared/lk': versions } };
  return runtime.getRegisteredShare(map, 'shared/lk', info, { emit: (args) => plugin.resolveShare(args) })?.shared;
}

describe('hostSingletons resolveShare', () => {
  const shell = (extra: Partial<Entry> = {}): Entry => ({ version: '0.1.0', from: 'shell', ...extra });
  const catalog = (extra: Partial<Entry> = {}): Entry => ({ version: '0.2.0', from: 'mf_catalog', ...extra });

  it("gives the shell's copy when a remote registered a higher version and nothing is loaded yet", () => {
    const versions = { '0.1.0': shell(), '0.2.0': catalog() };
    expect(resolve(versions)).toBe(versions['0.1.0']);
    expect(resolve(versions, consumer('shell'))).toBe(versions['0.1.0']);
    expect(resolve(versions, consumer('mf_catalog'))).toBe(versions['0.1.0']);
  });

  it("gives the shell's copy once it is loaded", () => {
    const versions = { '0.1.0': shell({ loaded: true, lib: () => 'shell' }), '0.2.0': catalog() };
    expect(resolve(versions)).toBe(versions['0.1.0']);
  });

  it("gives a remote's copy when the shell registered none", () => {
    const versions = { '0.2.0': catalog() };
    expect(resolve(versions)).toBe(versions['0.2.0']);
  });

  it('keeps a copy already loaded, so a singleton never runs twice', () => {
    // A remote built before this plugin may have loaded its own copy: the page keeps that one.
    const versions = { '0.1.0': shell(), '0.2.0': catalog({ loaded: true, lib: () => 'catalog' }) };
    expect(resolve(versions)).toBe(versions['0.2.0']);
  });

  it('leaves a non-singleton to the runtime', () => {
    const versions = { '0.1.0': shell(), '0.2.0': catalog() };
    expect(resolve(versions, consumer('mf_messaging', false))).toBe(versions['0.2.0']);
  });
});

describe('hostSingletons in the federation runtime', () => {
  const option = (version: string, value: string): SharedOption => ({
    version,
    get: () => Promise.resolve(() => value),
    shareConfig: { singleton: true, requiredVersion: false },
    strategy: 'loaded-first',
  });

  /** The page of B-1: the shell, mf-catalog built with `shared` 0.2.0, then mf-messaging loads `shared/lk`. */
  async function page(plugins: Plugin[]) {
    runtime.resetFederationGlobalInfo();
    const instance = (name: string, version: string) =>
      new runtime.ModuleFederation({ name, remotes: [], shareStrategy: 'loaded-first', shared: { 'shared/lk': option(version, name) }, plugins });
    const shell = instance('shell', '0.1.0');
    shell.initializeSharing('default');
    const catalog = instance('mf_catalog', '0.2.0');
    const messaging = instance('mf_messaging', '0.1.0');
    for (const remote of [catalog, messaging]) {
      remote.initShareScopeMap('default', shell.shareScopeMap.default!);
      remote.initializeSharing('default');
    }
    const first = (await messaging.loadShare('shared/lk'))();
    const second = (await shell.loadShare('shared/lk'))();
    return [first, second];
  }

  it("without the plugin the runtime takes mf-catalog's higher version (the defect)", async () => {
    await expect(page([])).resolves.toEqual(['mf_catalog', 'mf_catalog']);
  });

  it("with it, mf-messaging and the shell both run the shell's `shared/lk`", async () => {
    await expect(page([plugin])).resolves.toEqual(['shell', 'shell']);
  });
});

describe('the browser builds', () => {
  const root = path.resolve(__dirname, '../../..');
  const builds: { name: string; isHost: boolean; port?: number }[] = [
    { name: 'shell', isHost: true, port: 3000 },
    ...remotes.map((r) => ({ name: r.package, isHost: false })),
  ];

  it.each(builds)("$name runs the plugin with the shell's federation name, in production and development", ({ name, isHost, port }) => {
    for (const mode of ['production', 'development']) {
      const config = createConfig({ name, dir: path.join(root, name), isHost, port })({}, { mode });
      const federation = config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin') as { _options: { runtimePlugins?: unknown[] } };
      expect(federation._options.runtimePlugins).toContainEqual([path.join(root, 'scripts/webpack/host-singletons.mjs'), { host: 'shell' }]);
    }
  });
});
