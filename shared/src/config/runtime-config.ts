import { z } from 'zod';

const originSchema = z.url({ error: 'ожидается адрес вида http://host:port' }).transform((u) => u.replace(/\/+$/, ''));

export const runtimeConfigSchema = z.object({
  apiUrl: originSchema,
  version: z.string().min(1),
  remotes: z.object({
    mf_catalog: originSchema,
    mf_applications: originSchema,
    mf_cabinet: originSchema,
    mf_messaging: originSchema,
  }),
  /** A `{z}/{x}/{y}` tile template; null when no map provider is configured. */
  mapTileUrl: z.string().min(1).nullable().default(null),
});

export type RuntimeConfig = z.output<typeof runtimeConfigSchema>;
export type RemoteName = keyof RuntimeConfig['remotes'];

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
