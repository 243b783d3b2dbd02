import { LruCache } from './lru-cache';

describe('LruCache', () => {
  const entry = (n: number) => ({ byteLength: n });

  it('evicts the least recently used entry past its count', () => {
    const cache = new LruCache(2, 1000);
    cache.set('a', entry(1));
    cache.set('b', entry(1));
    cache.get('a');
    cache.set('c', entry(1));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
  });

  it('evicts past its byte budget and refuses an entry larger than the budget', () => {
    const cache = new LruCache(10, 100);
    cache.set('a', entry(60));
    cache.set('b', entry(60));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.set('huge', entry(101));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('counts the bytes of what it holds through replacing, deleting and clearing', () => {
    const cache = new LruCache(10, 100);
    cache.set('a', entry(10));
    cache.set('b', entry(20));
    cache.set('a', entry(30));
    expect(cache.bytes).toBe(50);
    cache.delete('b');
    expect([cache.size, cache.bytes]).toEqual([1, 30]);
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });

  it('drops from the least recently used end only while asked to', () => {
    const cache = new LruCache(10, 100);
    for (const [key, n] of [['a', 1], ['b', 2], ['c', 3], ['d', 4]] as const) cache.set(key, entry(n));
    cache.get('a');
    cache.evictWhile((v) => v.byteLength < 3);
    expect(['a', 'b', 'c', 'd'].filter((k) => cache.get(k))).toEqual(['a', 'c', 'd']);
    expect(cache.bytes).toBe(8);
  });
});
