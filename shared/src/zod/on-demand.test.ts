// The shell's browser build resolves `zod` to on-demand.ts (scripts/webpack/create-config.cjs).
// This file does the same for everything it imports, so `shared` runs here as it runs on a page.
jest.mock('zod', () => jest.requireActual('./on-demand'));

type ZodGlobal = typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };

describe('zod on demand', () => {
  it('answers nothing before the load but its configuration, which it writes where zod reads it', async () => {
    const { z, zodLoaded } = await import('./on-demand');
    expect(zodLoaded()).toBe(false);
    expect(() => z.object({})).toThrow('zod ещё не загружен: z.object вызван до zodReady()');
    const customError = () => 'своё сообщение';
    z.config({ customError });
    expect((globalThis as ZodGlobal).__zod_globalConfig?.customError).toBe(customError);
  });

  it('lets the whole of `shared` load without it, then parses in Russian once zodReady() resolved', async () => {
    const shared = await import('../index');
    const lk = await import('../lk');
    const { zodLoaded } = await import('./on-demand');
    expect(zodLoaded()).toBe(false);
    // The contract installed its Russian messages while zod was not there.
    const body = lk.applicationUpdatePrice.body!;
    expect(() => body.safeParse({ id: 1, price: 100 })).toThrow(/zod ещё не загружен/);

    await shared.zodReady();
    expect(zodLoaded()).toBe(true);
    expect(body.safeParse({ id: 1, price: 100 }).success).toBe(true);
    expect(body.safeParse({ id: 1 }).error?.issues[0]?.message).toBe('Укажите цену');
    expect(body.safeParse({ id: 1, price: Number.NaN }).error?.issues[0]?.message).toBe('Укажите цену числом');
    // zod's own message for a schema without one of its own: the contract's Russian one.
    const { z } = await import('./on-demand');
    expect(z.number().safeParse('x').error?.issues[0]?.message).toMatch(/^Ожидается/);
  });

  it('loads once, and names a member the build does not carry', async () => {
    const { z, loadZod } = await import('./on-demand');
    const first = loadZod();
    expect(loadZod()).toBe(first);
    await first;
    expect(z.string().min(2).safeParse('а').success).toBe(false);
    expect(() => (z as unknown as { bigint: () => unknown }).bigint()).toThrow('z.bigint нет в shared/src/zod/members.ts: добавьте его туда');
  });

  it('makes a resolver once zod is there, and only once', async () => {
    const { whenZodReady } = await import('./ready');
    const make = jest.fn(() => async (value: string) => value.toUpperCase());
    const resolver = whenZodReady(make);
    expect(make).not.toHaveBeenCalled();
    await expect(resolver('а')).resolves.toBe('А');
    await expect(resolver('б')).resolves.toBe('Б');
    expect(make).toHaveBeenCalledTimes(1);
  });
});
