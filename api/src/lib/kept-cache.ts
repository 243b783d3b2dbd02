/**
 * Values kept in process until the next write: the public reads' anonymous answers and the lists'
 * counts (plugins/public-cache.ts owns both and clears them together on every write).
 *
 * A value read while a write ran must not be kept: read `generation` before reading the value and
 * hand it to `set`, which keeps nothing once a `clear()` came in between. `ttlMs` bounds what a
 * write outside HTTP could leave; at most `maxEntries` are kept, the oldest going first. Never with
 * several API nodes, where another node's write could not clear it (the caller's `enabled`).
 */
export interface KeptCache<V> {
  readonly enabled: boolean;
  readonly size: number;
  /** Bumped by every `clear()`. */
  readonly generation: number;
  get(key: string): V | undefined;
  /** Keeps `value` unless the cache was cleared since `generation` was read. */
  set(key: string, value: V, generation: number): void;
  clear(): void;
}

export interface KeptCacheOptions {
  enabled: boolean;
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

export function createKeptCache<V>(opts: KeptCacheOptions): KeptCache<V> {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { value: V; expires: number }>();
  let generation = 0;
  return {
    enabled: opts.enabled,
    get size() {
      return entries.size;
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
      if (!entries.has(key) && entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expires: now() + opts.ttlMs });
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}
