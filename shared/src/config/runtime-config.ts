import { z } from 'zod';
import { lazySchema } from '../contract/lazy-schema';

const originSchema = lazySchema(() => z.url({ error: 'ожидается адрес вида http://host:port' }).transform((u) => u.replace(/\/+$/, '')));

const remoteNameSchema = lazySchema(() => z.string().regex(/^[a-z][a-z0-9_]*$/, { error: 'ожидается имя вида mf_catalog' }));
const mountSchema = lazySchema(() => z
  .string()
  .regex(/^\/([\w-]+(\/[\w-]+)*)?\/?$/, { error: 'ожидается путь вида /lk/message' })
  // One spelling, so prefixes compare as strings: no trailing slash except the root itself.
  .transform((m) => (m.length > 1 ? m.replace(/\/+$/, '') : m)));

export const runtimeConfigSchema = lazySchema(() => z
  .object({
    apiUrl: originSchema,
    version: z.string().min(1),
    /** Federation name → origin. A record, not a fixed set: a new remote needs no shell build. */
    remotes: z.record(remoteNameSchema, originSchema),
    /**
     * Federation name → the path prefix of the shell it owns (`/`, `/lk`, `/lk/application`); the
     * longest matching prefix wins and the remote's own `./routes` decide the rest. Optional: a
     * remote without a mount has no pages (and remotes' own tests need none).
     */
    mounts: z.record(remoteNameSchema, mountSchema).optional(),
    /** A `{z}/{x}/{y}` tile template; null when no map provider is configured. */
    mapTileUrl: z.string().min(1).nullable().default(null),
    /** Outside production the API plays the bank (`dev/payment/pay`): the lk offers a test payment. */
    devPayments: z.boolean().default(false),
  })
  .superRefine((config, ctx) => {
    for (const name of Object.keys(config.mounts ?? {})) {
      if (!(name in config.remotes)) ctx.addIssue({ code: 'custom', path: ['mounts', name], message: 'у удалённого модуля нет адреса в remotes' });
    }
  }));

export type RuntimeConfig = z.output<typeof runtimeConfigSchema>;
/** A federation name (`mf_catalog`); the list lives in remotes.json and the runtime configuration. */
export type RemoteName = string;

// Kept on globalThis so that two copies of `shared` (a remote that failed to share it) still agree.
const STORE_KEY = Symbol.for('shared.runtime-config');
type ConfigHolder = { [STORE_KEY]?: RuntimeConfig };
const holder = globalThis as ConfigHolder;

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(raw);
  if (!result.success) {
    const details = result.error.issues.map((i) => `${i.path.join('.') || '(корень)'}: ${i.message}`).join('; ');
    throw new Error(`Некорректная конфигурация приложения: ${details}`);
  }
  return result.data;
}

/** Read at start, never cached: a redeployed remote or API changes only this file. */
export async function loadRuntimeConfig(url = '/runtime-config.json'): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch {
    throw new Error('Не удалось загрузить конфигурацию приложения: сервер недоступен');
  }
  if (!response.ok) {
    throw new Error(`Не удалось загрузить конфигурацию приложения (HTTP ${response.status})`);
  }
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new Error('Некорректная конфигурация приложения: ответ не является JSON');
  }
  return parseRuntimeConfig(raw);
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  holder[STORE_KEY] = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  const config = holder[STORE_KEY];
  if (!config) {
    throw new Error('Конфигурация приложения не загружена: вызовите loadRuntimeConfig() и setRuntimeConfig() при старте');
  }
  return config;
}

/** Tests and standalone remotes reset between runs. */
export function resetRuntimeConfig(): void {
  delete holder[STORE_KEY];
}
