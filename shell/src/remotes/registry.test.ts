// Tests only: the shell reaches remotes through Module Federation at run time; here their
// route tables are read from source to keep the registry honest.
import type { RemoteRoute } from 'shared';
import { routes as applications } from '../../../mf-applications/src/routes';
import { routes as cabinet } from '../../../mf-cabinet/src/routes';
import { routes as catalog } from '../../../mf-catalog/src/routes';
import { routes as messaging } from '../../../mf-messaging/src/routes';
import { joinMount, remoteRegistry, type RemoteName } from './registry';

const remoteRoutes: Record<RemoteName, RemoteRoute[]> = {
  mf_catalog: catalog,
  mf_applications: applications,
  mf_cabinet: cabinet,
  mf_messaging: messaging,
};

const profileGuarded = new Set([
  '/lk/application',
  '/lk/application/form',
  '/lk/application/edit/:id',
  '/lk/employee',
  '/lk/facility',
  '/lk/facility/form',
  '/lk/facility/:id',
  '/lk/message',
  '/lk/money',
  '/lk/service',
]);

describe.each(remoteRegistry.map((entry) => [entry.name, entry] as const))('%s', (name, entry) => {
  const routes = remoteRoutes[name];

  it('has every registry path in the remote and no other', () => {
    expect([...routes.map((r) => r.path)].sort()).toEqual([...entry.paths].sort());
  });

  it('gives each route a Russian title and a lazy page', () => {
    for (const route of routes) {
      expect(route.handle.title).toMatch(/[А-Яа-яЁё]/);
      expect(typeof route.lazy).toBe('function');
    }
  });

  it('guards per spec §4: auth on every /lk route, profile where listed', () => {
    for (const route of routes) {
      const full = joinMount(entry.mount, route.path);
      const guards = route.handle.guards ?? [];
      expect(guards.includes('auth')).toBe(full.startsWith('/lk'));
      expect(guards.includes('profile')).toBe(profileGuarded.has(full));
    }
  });
});

it('mounts no two remotes on the same shell path', () => {
  const all = remoteRegistry.flatMap((e) => e.paths.map((p) => joinMount(e.mount, p)));
  expect(new Set(all).size).toBe(all.length);
});
