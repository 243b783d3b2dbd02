/**
 * The counts of list filters, kept in process between writes (issue 12: "an exact count capped or
 * cached"). A list's page is read from an index in its order whatever the table's size, but its
 * count reads every match up to the cap; with the count of a filter kept, a request for it reads
 * its page alone. Keyed by the count's statement and values, so two filters share an entry only
 * when they count the same rows.
 *
 * Kept until the next write: the public cache's `clear()` (every call other than GET, HEAD or
 * OPTIONS, plugins/public-cache.ts) clears it too, and a count read while a write ran is not kept
 * (`generation`). `ttlMs` bounds what a write outside HTTP could leave. Off with several API nodes,
 * where another node's write could not clear it (as the answers' cache).
 */
export interface CountCache {
  readonly enabled: boolean;
  readonly size: number;
  /** Bumped by every `clear()`: read it before the count's statement and hand it to `set`. */
  readonly generation: number;
  get(key: string): number | undefined;
  /** Keeps `total` unless a write cleared the cache since `generation` was read. */
  set(key: string, total: number, generation: number): void;
  clear(): void;
}

export interface CountCacheOptions {
  enabled: boolean;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export function createCountCache(opts: CountCacheOptions): CountCache {
  const ttlMs = opts.ttlMs ?? 30_000;
  const maxEntries = opts.maxEntries ?? 5_000;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { total: number; expires: number }>();
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
      if (entry.expires > now()) return entry.total;
      entries.delete(key);
      return undefined;
    },
    set(key, total, readAt) {
      if (!opts.enabled || readAt !== generation) return;
      if (!entries.has(key) && entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { total, expires: now() + ttlMs });
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}

/** A statement's key in the cache. */
export const countKey = (statement: { text: string; values: unknown[] }): string => `${statement.text}\u0000${JSON.stringify(statement.values)}`;
