/**
 * The runtime configuration (`/runtime-config.json`), the shell's first read: every page, a
 * client-only one too, parses it before its first render, so it is read without zod (which a
 * public page fetches after its first paint, zod/on-demand.ts). Every broken field is named.
 */
export type RuntimeConfig = {
  /** The API's origin, without a trailing slash. */
  apiUrl: string;
  version: string;
  /** Federation name → origin. A record, not a fixed set: a new remote needs no shell build. */
  remotes: Record<RemoteName, string>;
  /**
   * Federation name → the path prefix of the shell it owns (`/`, `/lk`, `/lk/application`); the
   * longest matching prefix wins and the remote's own `./routes` decide the rest. Optional: a
   * remote without a mount has no pages (and remotes' own tests need none).
   */
  mounts?: Record<RemoteName, string>;
  /** A `{z}/{x}/{y}` tile template; null when no map provider is configured. */
  mapTileUrl: string | null;
  /** Outside production the API plays the bank (`dev/payment/pay`): the lk offers a test payment. */
  devPayments: boolean;
  /**
   * The operator's details for /contacts and /privacy-policy (`OPERATOR_*` in the environment):
   * only those set; a page marks each missing one as a placeholder to fill in. Optional: a shell
   * older than the field sends none.
   */
  operator?: OperatorDetails;
};

/** The operator's details a deployment may set; the spec names none of them. */
export const OPERATOR_FIELDS = [
  'name',
  'inn',
  'ogrn',
  'legalAddress',
  'postalAddress',
  'phone',
  'email',
  'supportHours',
  'privacyOfficer',
  'registryNumber',
] as const;
export type OperatorField = (typeof OPERATOR_FIELDS)[number];
export type OperatorDetails = Partial<Record<OperatorField, string>>;

const REMOTE_NAME = /^[a-z][a-z0-9_]*$/;
const MOUNT = /^\/([\w-]+(\/[\w-]+)*)?\/?$/;

type Issues = string[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function origin(value: unknown, path: string, issues: Issues): string {
  let url: URL | null = null;
  if (typeof value === 'string') {
    try {
      url = new URL(value);
    } catch {
      url = null;
    }
  }
  if (!url || !/^https?:$/.test(url.protocol)) {
    issues.push(`${path}: ожидается адрес вида http://host:port`);
    return '';
  }
  return (value as string).replace(/\/+$/, '');
}

function nameMap(value: unknown, path: string, issues: Issues, read: (entry: unknown, at: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(value)) {
    issues.push(`${path}: ожидается объект`);
    return out;
  }
  for (const [name, entry] of Object.entries(value)) {
    if (!REMOTE_NAME.test(name)) issues.push(`${path}.${name}: ожидается имя вида mf_catalog`);
    out[name] = read(entry, `${path}.${name}`);
  }
  return out;
}

function operatorDetails(value: unknown, issues: Issues): OperatorDetails {
  if (value === undefined) return {};
  if (!isRecord(value)) {
    issues.push('operator: ожидается объект');
    return {};
  }
  const out: OperatorDetails = {};
  // Known fields alone, as at the top level: a detail a newer server sends is no reason to fail.
  for (const field of OPERATOR_FIELDS) {
    const entry = value[field];
    if (entry === undefined) continue;
    if (typeof entry !== 'string') issues.push(`operator.${field}: ожидается строка`);
    else if (entry.trim()) out[field] = entry.trim();
  }
  return out;
}

function mount(value: unknown, path: string, issues: Issues): string {
  if (typeof value !== 'string' || !MOUNT.test(value)) {
    issues.push(`${path}: ожидается путь вида /lk/message`);
    return '';
  }
  // One spelling, so prefixes compare as strings: no trailing slash except the root itself.
  return value.length > 1 ? value.replace(/\/+$/, '') : value;
}

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const issues: Issues = [];
  const input = isRecord(raw) ? raw : {};
  if (!isRecord(raw)) issues.push('(корень): ожидается объект');
  const apiUrl = origin(input.apiUrl, 'apiUrl', issues);
  const version = input.version;
  if (typeof version !== 'string' || version.length === 0) issues.push('version: ожидается непустая строка');
  const remotes = nameMap(input.remotes, 'remotes', issues, (entry, at) => origin(entry, at, issues));
  const mounts = input.mounts === undefined ? undefined : nameMap(input.mounts, 'mounts', issues, (entry, at) => mount(entry, at, issues));
  for (const name of Object.keys(mounts ?? {})) {
    if (!(name in remotes)) issues.push(`mounts.${name}: у удалённого модуля нет адреса в remotes`);
  }
  const mapTileUrl = input.mapTileUrl ?? null;
  if (mapTileUrl !== null && (typeof mapTileUrl !== 'string' || mapTileUrl.length === 0)) issues.push('mapTileUrl: ожидается непустая строка или null');
  const devPayments = input.devPayments ?? false;
  if (typeof devPayments !== 'boolean') issues.push('devPayments: ожидается true или false');
  const operator = operatorDetails(input.operator, issues);
  if (issues.length > 0) throw new Error(`Некорректная конфигурация приложения: ${issues.join('; ')}`);
  return {
    apiUrl,
    version: version as string,
    remotes,
    ...(mounts ? { mounts } : {}),
    mapTileUrl: mapTileUrl as string | null,
    devPayments: devPayments as boolean,
    operator,
  };
}

/** A federation name (`mf_catalog`); the list lives in remotes.json and the runtime configuration. */
export type RemoteName = string;

// Kept on globalThis so that two copies of `shared` (a remote that failed to share it) still agree.
const STORE_KEY = Symbol.for('shared.runtime-config');
type ConfigHolder = { [STORE_KEY]?: RuntimeConfig };
const holder = globalThis as ConfigHolder;

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
