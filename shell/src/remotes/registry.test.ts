// Tests only: the shell reaches remotes through Module Federation at run time, and learns their
// mounts from the runtime configuration; here the remotes' route tables are read from source and
// checked against the mounts of remotes.json (what the runtime configuration defaults to).
import type { RemoteRoute } from 'shared';
import remotesList from '../../../remotes.json';
import { routes as applications } from '../../../mf-applications/src/routes';
import { routes as cabinet } from '../../../mf-cabinet/src/routes';
import { routes as catalog } from '../../../mf-catalog/src/routes';
import { routes as messaging } from '../../../mf-messaging/src/routes';
import { matchMount } from './match-remote';
import { joinMount, remoteMounts, type RemoteName } from './registry';

const remoteRoutes: Record<RemoteName, RemoteRoute[]> = {
  mf_catalog: catalog,
  mf_applications: applications,
  mf_cabinet: cabinet,
  mf_messaging: messaging,
};

const mounts = remoteMounts(Object.fromEntries(remotesList.map((r) => [r.federationName, r.mount])));

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

it('every remote of remotes.json has a routes table here', () => {
  expect(Object.keys(remoteRoutes).sort()).toEqual(remotesList.map((r) => r.federationName).sort());
});

describe.each(mounts.map((entry) => [entry.name, entry] as const))('%s', (name, entry) => {
  const routes = remoteRoutes[name]!;

  it('gives each route a Russian title and a lazy page', () => {
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      expect(route.handle.title).toMatch(/[А-Яа-яЁё]/);
      expect(typeof route.lazy).toBe('function');
    }
  });

  it("has no route under another remote's longer mount (it could never be reached)", () => {
    for (const route of routes) {
      // `:id` stands for a value; a param-only first segment never equals a mount's segment.
      const full = joinMount(entry.mount, route.path).replace(/:[^/]+/g, '0');
      expect(`${route.path} → ${matchMount(mounts, full)?.name}`).toBe(`${route.path} → ${name}`);
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
  const all = mounts.flatMap((e) => remoteRoutes[e.name]!.map((r) => joinMount(e.mount, r.path)));
  expect(new Set(all).size).toBe(all.length);
  expect(new Set(mounts.map((m) => m.mount)).size).toBe(mounts.length);
});
