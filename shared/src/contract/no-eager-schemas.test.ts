// Every schema of `shared` is built on first use (lazy-schema.ts): a page evaluates the whole
// package at its start, and each schema built there is a phone's start time spent on a call the
// page may never make. This file counts every zod factory called while `shared` and `shared/lk`
// are imported.
const built: string[] = [];

jest.mock('zod', () => {
  const actual = jest.requireActual<typeof import('zod')>('zod');
  // A copy: zod's own namespace object has read-only properties a Proxy must not change.
  const counted = new Proxy({ ...actual.z } as Record<string | symbol, unknown>, {
    get(target, key) {
      const value = target[key];
      // `config` sets zod's options (the Russian messages) and builds nothing.
      if (typeof value !== 'function' || key === 'config' || !/^[a-z]/.test(String(key))) return value;
      return (...args: unknown[]) => {
        const where = (new Error().stack ?? '').split('\n').find((line) => line.includes('/shared/src/') && !line.includes('no-eager-schemas'));
        built.push(`z.${String(key)} ${where?.trim() ?? ''}`);
        return (value as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
  return { ...actual, z: counted };
});

describe('importing shared in a browser', () => {
  it('builds no zod schema: each is built when first used', async () => {
    const shared = await import('../index');
    const lk = await import('../lk');
    const { lazySchemaBuilds } = await import('./lazy-schema');
    expect(Object.keys(shared).length).toBeGreaterThan(100);
    expect(Object.keys(lk).length).toBeGreaterThan(50);
    expect(built).toEqual([]);
    expect(lazySchemaBuilds()).toBe(0);
  });

  it('still builds them on first use (the count would see one)', async () => {
    const { parseRuntimeConfig } = await import('../index');
    const { applicationUpdatePrice } = await import('../lk');
    expect(applicationUpdatePrice.body!.safeParse({ id: 1, price: 100 }).success).toBe(true);
    expect(() => parseRuntimeConfig({ apiUrl: 'нет', version: '1', remotes: {} })).toThrow(/apiUrl/);
    expect(built.length).toBeGreaterThan(0);
  });
});
