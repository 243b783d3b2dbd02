import type { Service } from 'shared';
import { listAnswer, makeApplication, ok, serveApi, type FakeAnswer } from 'shared/testing';
import { makeExecutor } from '../features/executors/testing/fixtures';
import { makeFacility } from '../features/facilities/testing/fixtures';

/*
 * One public catalogue behind the fake API, for the tests that run a route as the server does
 * (prefetch, meta, render). Anything else answers 404, as a missing entity does.
 */

export const REPAIR: Service = { id: 1, name: 'Ремонт', parentId: null, group: null };
export const TILES: Service = { id: 11, name: 'Укладка плитки', parentId: 1, group: 'Ремонт' };
export const WALLPAPER: Service = { id: 12, name: 'Поклейка обоев', parentId: 1, group: 'Ремонт' };
/** The city whose executors offer «Укладка плитки» alone; in any other city none offers anything. */
export const KAZAN_FIAS_ID = '93b3df57-4c89-44df-ac42-96f05e9cd3b9';

export const ROOFING = makeApplication({ id: 21, name: 'Перекрыть кровлю', services: [{ id: 3, name: 'Ремонт кровли' }] });
export const FACADE = makeApplication({ id: 22, name: 'Утепление фасада', createdAt: '2026-11-22T21:30:00.000Z' });

export const EXECUTOR = makeExecutor({
  id: 15,
  name: 'ООО «Мастер на час»',
  type: 'organization',
  description: 'Мелкий ремонт за один визит',
  completedCount: 42,
  rating: { average: 4.8, count: 12 },
  registry: { inn: '1655000000', ogrn: null },
  createdAt: '2025-02-28T22:30:00.000Z',
  services: [
    { id: 4, name: 'Укладка плитки' },
    { id: 7, name: 'Монтаж освещения' },
  ],
});

// Late evening in UTC: already the next day in Moscow, where the pages date things.
export const FACILITY = makeFacility({ createdAt: '2026-10-01T21:30:00Z' });

const notFound = (what: string): FakeAnswer => ({ status: 404, body: { message: `${what} не найден`, code: 'not_found' } });
const byId = <T extends { id: number }>(items: readonly T[], url: URL, what: string) => {
  const found = items.find((item) => String(item.id) === url.searchParams.get('id'));
  return found ? ok(found) : notFound(what);
};

export interface CatalogApiOptions {
  /** The application list's answer (all filters get the same page). */
  applications?: FakeAnswer;
  /** The executor list's answer (all filters get the same page). */
  executors?: FakeAnswer;
  /** The service catalogue's answer, in place of its own by city and group (a group's services are still its own). */
  services?: FakeAnswer;
}

export function serveCatalogApi({
  applications = listAnswer([ROOFING, FACADE], { total: 14 }),
  executors = listAnswer([EXECUTOR], { limit: 12 }),
  services,
}: CatalogApiOptions = {}) {
  return serveApi({
    'application/get-collection': () => applications,
    'application/get': (url) => byId([ROOFING, FACADE], url, 'Заявка'),
    'executor/get-collection': () => executors,
    'service/get-collection': (url) => {
      if (services && url.searchParams.get('parentId') === null) return services;
      const city = url.searchParams.get('address');
      if (city) return city === KAZAN_FIAS_ID ? listAnswer([REPAIR, TILES], { total: 2, limit: 12 }) : listAnswer([], { total: 0, limit: 12 });
      return url.searchParams.get('parentId') === '1'
        ? listAnswer([TILES, WALLPAPER], { limit: 100 })
        : listAnswer([REPAIR, TILES, WALLPAPER], { total: 30, limit: 12 });
    },
    // The pickers' list: services, not groups (each names its group).
    'service/get-collection/filter': () => listAnswer([TILES, WALLPAPER], { limit: 100 }),
    'service/get': (url) => byId([REPAIR, TILES, WALLPAPER], url, 'Услуга'),
    'executor/get': (url) => byId([EXECUTOR], url, 'Исполнитель'),
    'profile/facility/get': (url) => byId([FACILITY], url, 'Объект'),
    'facility/get-map': () => ok({ items: [{ id: FACILITY.id, name: FACILITY.name, type: FACILITY.type, geoLat: 55.79, geoLon: 49.11 }] }),
    // `/test`: the API's health and each remote's federation manifest (any origin).
    health: () => ok({ status: 'ok', db: 'ok', version: 'api-1.4.0' }),
    '/mf-manifest.json': (url) => ({ body: { metaData: { buildInfo: { buildVersion: `v-${url.port}`, buildName: 'x' } } } }),
  });
}
