import { createKeptCache } from './kept-cache';

describe('createKeptCache', () => {
  let now = 0;
  const answers = (maxBytes?: number) =>
    createKeptCache<string>({ enabled: true, ttlMs: 5_000, maxEntries: 1_000, maxBytes, sizeOf: (s) => s.length, now: () => now });
  beforeEach(() => {
    now = 0;
  });

  it('holds no more than its bytes, the least recently used going first', () => {
    const cache = answers(100);
    cache.set('a', 'x'.repeat(40), cache.generation);
    cache.set('b', 'x'.repeat(40), cache.generation);
    cache.get('a');
    cache.set('c', 'x'.repeat(40), cache.generation);
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect([cache.size, cache.bytes]).toEqual([2, 80]);
    // One answer past the whole budget is not kept at all (and pushes nothing out).
    cache.set('huge', 'x'.repeat(101), cache.generation);
    expect([cache.get('huge'), cache.size]).toEqual([undefined, 2]);
  });

  it('drops the expired entries when it keeps another, not only when their own key is asked again', () => {
    const cache = answers();
    for (let i = 0; i < 100; i++) cache.set(`crawler${i}`, 'x'.repeat(1_000), cache.generation);
    now = 4_999;
    cache.set('fresh', 'y', cache.generation);
    expect(cache.size).toBe(101);
    now = 5_000;
    cache.set('later', 'z', cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(2);
    expect([cache.get('fresh'), cache.get('later')]).toEqual(['y', 'z']);
  });

  it('keeps nothing read before a clear, whatever its size', () => {
    const cache = answers(100);
    const readAt = cache.generation;
    cache.clear();
    cache.set('a', 'x', readAt);
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});
