import { isBuiltin } from 'node:module';
import vm from 'node:vm';

/**
 * Loads a remote's server build (`<origin>/server/render.cjs`, one CommonJS file) from its URL into
 * this process, as Module Federation's node runtime does: the singletons it imports (React, the
 * router, the query client, `shared`, …; externals of its build) are this server's own, so the
 * remote's page renders inside the shell's React tree. The files are revalidated with their ETag
 * (a 304 costs one round) at most once per `freshForMs`, so a redeployed remote renders its new
 * code within that time.
 */
export type Fetch = (url: string, init?: { headers?: Record<string, string>; signal?: AbortSignal }) => Promise<Response>;

type Cached<T> = { etag: string | null; value: T; checkedAt: number };

export function evaluateCommonJs(code: string, filename: string, provided: Record<string, unknown>): unknown {
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename }) as (
    exports: unknown,
    require: (name: string) => unknown,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  const module = { exports: {} as unknown };
  const requireShared = (name: string) => {
    if (Object.prototype.hasOwnProperty.call(provided, name)) return provided[name];
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- Node's own modules only
    if (isBuiltin(name)) return __non_webpack_require__(name);
    throw new Error(`${filename}: модуль «${name}» не предоставлен сервером оболочки`);
  };
  wrapper(module.exports, requireShared, module, filename, '/');
  return module.exports;
}

declare const __non_webpack_require__: (name: string) => unknown;

/** A file of a remote's origin, fetched again only when its ETag changed. */
export function createRevalidatingFetch(fetchImpl: Fetch, { freshForMs = 1000, now = () => Date.now() }: { freshForMs?: number; now?: () => number } = {}) {
  const cache = new Map<string, Cached<unknown>>();
  const inFlight = new Map<string, Promise<unknown>>();
  return function get<T>(url: string, parse: (body: string) => T, signal?: AbortSignal): Promise<T> {
    const fresh = cache.get(url) as Cached<T> | undefined;
    if (fresh && now() - fresh.checkedAt < freshForMs) return Promise.resolve(fresh.value);
    const running = inFlight.get(url);
    if (running) return running as Promise<T>;
    const promise = (async () => {
      const hit = cache.get(url) as Cached<T> | undefined;
      const headers: Record<string, string> = hit?.etag ? { 'If-None-Match': hit.etag } : {};
      const response = await fetchImpl(url, { headers, signal });
      if (response.status === 304 && hit) {
        hit.checkedAt = now();
        return hit.value;
      }
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      const value = parse(await response.text());
      cache.set(url, { etag: response.headers.get('etag'), value, checkedAt: now() });
      return value;
    })().finally(() => inFlight.delete(url));
    inFlight.set(url, promise);
    return promise;
  };
}
