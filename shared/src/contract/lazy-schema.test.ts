import { z } from 'zod';
import { lazySchema, lazySchemaBuilds } from './lazy-schema';

describe('lazySchema', () => {
  it('builds the schema on first use, once, and answers as the schema itself', () => {
    const build = jest.fn(() => z.object({ id: z.number().int().positive(), name: z.string() }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();

    expect(schema.parse({ id: 3, name: 'Баня' })).toEqual({ id: 3, name: 'Баня' });
    const failed = schema.safeParse({ id: -1, name: 'Баня' });
    expect(failed.success).toBe(false);
    expect(schema).toBeInstanceOf(z.ZodObject);
    expect('shape' in schema).toBe(true);
    expect(Object.keys(schema.shape)).toEqual(['id', 'name']);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('composes: a lazy schema inside another, chained, extended, and a lazy shape spread into an object', () => {
    const idSchema = lazySchema(() => z.number().int().positive());
    const fields = lazySchema(() => ({ id: idSchema, title: z.string().min(1) }));
    const item = lazySchema(() => z.object({ ...fields, note: z.string().nullable() }));
    const list = lazySchema(() => z.object({ items: z.array(item), total: z.number() }));

    expect(Object.keys(fields)).toEqual(['id', 'title']);
    expect(list.parse({ items: [{ id: 1, title: 'Крыша', note: null }], total: 1 })).toEqual({
      items: [{ id: 1, title: 'Крыша', note: null }],
      total: 1,
    });
    expect(item.extend({ extra: z.boolean() }).parse({ id: 2, title: 'Окна', note: 'x', extra: true })).toMatchObject({ extra: true });
    expect(idSchema.optional().parse(undefined)).toBeUndefined();
    const refused = item.safeParse({ id: 0, title: '', note: null });
    expect(refused.success).toBe(false);
    if (!refused.success) expect(refused.error.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['id', 'title']);
  });

  it('importing the whole contract builds none of its schemas (the browser builds what a page parses)', () => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const lazy = require('./lazy-schema') as typeof import('./lazy-schema');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const contract = require('./index') as typeof import('./index');
      expect(contract.allCalls.length).toBeGreaterThan(100);
      expect(lazy.lazySchemaBuilds()).toBe(0);
      // A call's answer is built when it is parsed, with what it refers to and nothing else.
      contract.executorGet.data.parse({
        id: 1,
        name: 'ООО «Кровля»',
        type: 'organization',
        description: null,
        services: [{ id: 2, name: 'Кровельные работы' }],
        address: null,
        completedCount: 0,
        createdAt: '2026-01-01T00:00:00Z',
      });
      const afterOne = lazy.lazySchemaBuilds();
      expect(afterOne).toBeGreaterThan(0);
      expect(afterOne).toBeLessThan(15);
    });
  });
});
