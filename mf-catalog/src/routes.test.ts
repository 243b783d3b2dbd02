import { routes } from './routes';

describe('exposed routes', () => {
  it('have unique relative paths without a leading slash', () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path.startsWith('/')).toBe(false);
  });

  it.each(routes.map((route) => [route.path || '(index)', route] as const))('%s loads a page Component', async (_name, route) => {
    expect(route.handle.title).toMatch(/[А-Яа-яЁё]/);
    expect(typeof route.lazy).toBe('function');
    const module = (await (route.lazy as () => Promise<{ Component?: unknown }>)()) as { Component?: unknown };
    expect(typeof module.Component).toBe('function');
  });
});
