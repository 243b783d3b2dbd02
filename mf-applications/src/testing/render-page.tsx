import { useSessionStore, type Application, type SessionProfileType } from 'shared';
import { makeApplication as makeTestApplication, renderRoutes as renderTestRoutes, type TestRoute } from 'shared/testing';

const OtherPage = () => <p>Другая страница</p>;

/** The remote's pages under its mount; any other address shows a stand-in page. */
export function renderRoutes(routes: TestRoute[], initialEntry: string) {
  return renderTestRoutes([...routes, { path: '*', Component: OtherPage }], initialEntry);
}

/** A logged-in user acting as a profile of this type (what the shell's guards leave behind). */
export function signInAs(type: SessionProfileType, profileId = 11) {
  const store = useSessionStore.getState();
  store.clear();
  store.setTokens('access-token', 'refresh-token');
  store.setUser({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: profileId });
  store.setProfiles([{ id: profileId, type, name: type === 'organization' ? 'ООО «Ромашка»' : 'Иван Петров', active: true }]);
}

/** An application of the customer `signInAs` signs in (profile 11), at the address the form's lookups suggest. */
export function makeApplication(overrides: Partial<Application> = {}): Application {
  return makeTestApplication({
    address: { value: 'г Казань, ул Баумана, д 1', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 },
    customer: { id: 11, name: 'Иван Петров', type: 'customer' },
    ...overrides,
  });
}
