/** A least-recently-used map bounded by entry count and total bytes. */
export class LruCache<V extends { byteLength: number }> {
  private readonly entries = new Map<string, V>();
  private total = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The sum of the entries' `byteLength`. */
  get bytes(): number {
    return this.total;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    if (value.byteLength > this.maxBytes) return;
    this.entries.set(key, value);
    this.total += value.byteLength;
    this.evictWhile(() => this.entries.size > this.maxEntries || this.total > this.maxBytes);
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.total -= old.byteLength;
    this.entries.delete(key);
  }

  /** Drops entries from the least recently used end for as long as `drop` says so. */
  evictWhile(drop: (value: V) => boolean): void {
    for (const [key, value] of this.entries) {
      if (!drop(value)) break;
      this.entries.delete(key);
      this.total -= value.byteLength;
    }
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
