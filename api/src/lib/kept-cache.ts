import { LruCache } from './lru-cache';

/**
 * Values kept in process until the next write: the public reads' anonymous answers and the lists'
 * counts (plugins/public-cache.ts owns both and clears them together on every write).
 *
 * A value read while a write ran must not be kept: read `generation` before reading the value and
 * hand it to `set`, which keeps nothing once a `clear()` came in between. `ttlMs` bounds what a
 * write outside HTTP could leave; at most `maxEntries` and `maxBytes` (as `sizeOf` counts them) are
 * kept, the least recently used going first, and every `set` first drops what has expired from
 * that end, so a quiet night does not hold the last crawl. Never with several API nodes, where
 * another node's write could not clear it (the caller's `enabled`).
 */
export interface KeptCache<V> {
  readonly enabled: boolean;
  readonly size: number;
  /** The sum of `sizeOf` over the kept values. */
  readonly bytes: number;
  /** Bumped by every `clear()`. */
  readonly generation: number;
  get(key: string): V | undefined;
  /** Keeps `value` unless the cache was cleared since `generation` was read. */
  set(key: string, value: V, generation: number): void;
  clear(): void;
}

export interface KeptCacheOptions<V> {
  enabled: boolean;
  ttlMs: number;
  maxEntries: number;
  /** Unbounded when absent. */
  maxBytes?: number;
  /** A value's weight against `maxBytes`; 0 when absent. */
  sizeOf?: (value: V) => number;
  now?: () => number;
}

interface Kept<V> {
  value: V;
  expires: number;
  byteLength: number;
}

export function createKeptCache<V>(opts: KeptCacheOptions<V>): KeptCache<V> {
  const now = opts.now ?? Date.now;
  const entries = new LruCache<Kept<V>>(opts.maxEntries, opts.maxBytes ?? Infinity);
  let generation = 0;
  return {
    enabled: opts.enabled,
    get size() {
      return entries.size;
    },
    get bytes() {
      return entries.bytes;
    },
    get generation() {
      return generation;
    },
    get(key) {
      if (!opts.enabled) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, readAt) {
      if (!opts.enabled || readAt !== generation) return;
      const at = now();
      entries.evictWhile((entry) => entry.expires <= at);
      entries.set(key, { value, expires: at + opts.ttlMs, byteLength: opts.sizeOf?.(value) ?? 0 });
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}
