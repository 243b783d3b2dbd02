import type { z as Zod } from 'zod';

/**
 * What `zod` is in the shell's browser build (scripts/webpack/create-config.cjs aliases the bare
 * `zod` there): the same `z`, fetched as a chunk of its own when `loadZod()` is first called
 * instead of travelling in the start. A public page renders and hydrates without a schema (its
 * data came inlined, its runtime configuration is read without zod), so ~21 kB compressed leave
 * the JavaScript before its first paint; every path that parses waits for `zodReady()` first
 * (`send`, the socket, the auth dialogs, the lk remotes, forms through `whenZodReady`).
 *
 * `z.config(…)` before the load (the contract installs its Russian messages when evaluated) does
 * what zod's does: it merges into `globalThis.__zod_globalConfig`, the configuration every copy of
 * zod reads (a remote's own too; shell/src/app/zod-jitless.ts writes there the same way). Any
 * other use before the load throws, naming the member, rather than failing somewhere inside zod.
 * Node (the API, the renderer) and Jest import zod itself.
 */
type ZodApi = typeof Zod;
type ZodConfig = Parameters<ZodApi['config']>[0];

type ZodGlobal = typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };

let real: Record<string, unknown> | undefined;
let loading: Promise<void> | undefined;

function configBeforeLoad(config?: ZodConfig) {
  const global = globalThis as ZodGlobal;
  global.__zod_globalConfig ??= {};
  if (config) Object.assign(global.__zod_globalConfig, config);
  return global.__zod_globalConfig as ReturnType<ZodApi['config']>;
}

export const z: ZodApi = new Proxy({} as ZodApi, {
  get(_target, key) {
    if (real) {
      if (typeof key === 'string' && !(key in real)) throw new Error(`z.${key} нет в shared/src/zod/members.ts: добавьте его туда`);
      return real[key as string];
    }
    if (key === 'config') return configBeforeLoad;
    throw new Error(`zod ещё не загружен: z.${String(key)} вызван до zodReady()`);
  },
  has: (_target, key) => (real ? key in real : false),
});

export default z;

/** Fetches and installs zod once; later calls return the same promise. */
export function loadZod(): Promise<void> {
  loading ??= import(/* webpackChunkName: "zod" */ './members').then(
    (module) => {
      real = module.zodMembers;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether `z` answers now (tests). */
export function zodLoaded(): boolean {
  return real !== undefined;
}
