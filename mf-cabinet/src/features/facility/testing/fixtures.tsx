import { useSessionStore, type Facility } from 'shared';
import { ok, renderRoutes as renderTestRoutes, type FetchHandler } from 'shared/testing';
import { Component as FormPage } from '../../../pages/facility-form-page';
import { Component as ListPage } from '../../../pages/facility-list-page';
import { Component as DetailPage } from '../../../pages/facility-page';

export const KAZAN = { value: 'г Казань, ул Баумана, д 1', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 };
export const TYPES = [
  { id: 1, name: 'Квартира' },
  { id: 2, name: 'Офис' },
];

export function makeFacility(overrides: Partial<Facility> = {}): Facility {
  return {
    id: 5,
    name: 'Квартира на Баумана',
    type: TYPES[0]!,
    description: 'Третий этаж, без лифта',
    address: KAZAN,
    owner: { id: 11, name: 'Иван Петров', type: 'customer' },
    documents: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    editable: true,
    ...overrides,
  };
}

export const makeDocument = (id: number, name: string, isPublic: boolean) => ({ id, name, mimeType: 'application/pdf', sizeBytes: 2048, public: isPublic, createdAt: '2026-11-20T10:00:00.000Z' });

/** What every facility page may ask for besides its own data. */
export const lookupRoutes: Record<string, FetchHandler> = {
  'profile/facility/get/type': () => ok({ items: TYPES }),
  'user/address/search': () => ok({ items: [KAZAN] }),
  'tiles/config': () => ok({ url: 'http://api.test/api/tiles/{z}/{x}/{y}.png', attribution: 'Natural Earth', maxZoom: 12 }),
};

/** A logged-in user acting as customer profile 11 (what the shell's guards leave behind). */
export function signIn() {
  const store = useSessionStore.getState();
  store.clear();
  store.setTokens('access-token', 'refresh-token');
  store.setUser({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: 11 });
  store.setProfiles([{ id: 11, type: 'customer', name: 'Иван Петров', active: true }]);
}

const OtherPage = () => <p>Другая страница</p>;

/** The three facility pages at their paths; any other address shows a stand-in. */
export function renderFacilityPages(initialEntry: string) {
  return renderTestRoutes(
    [
      { path: '/lk/facility', Component: ListPage },
      { path: '/lk/facility/form', Component: FormPage },
      { path: '/lk/facility/:id', Component: DetailPage },
      { path: '*', Component: OtherPage },
    ],
    initialEntry,
  );
}
