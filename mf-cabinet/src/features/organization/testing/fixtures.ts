import { useSessionStore } from 'shared';
import { type Organization, type Party } from 'shared/lk';

export const ME = { id: 7, phone: '79991234567', name: 'Иван Петров', email: null };

/** A logged-in user whose active profile is `activeProfileId` among `profiles` (what the guards leave behind). */
export function signIn(profiles: { id: number; type: 'customer' | 'executor' | 'organization'; name: string }[] = [], activeProfileId: number | null = null) {
  const store = useSessionStore.getState();
  store.clear();
  store.setTokens('access-token', 'refresh-token');
  store.setUser({ ...ME, activeProfileId });
  store.setProfiles(profiles.map((p) => ({ ...p, active: p.id === activeProfileId })));
}

export const SBER_ADDRESS = {
  value: 'г Москва, ул Вавилова, д 19',
  cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5',
  geoLat: 55.7,
  geoLon: 37.58,
};

export const PARTY: Party = {
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  name: 'ПАО СБЕРБАНК',
  fullName: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО «СБЕРБАНК РОССИИ»',
  address: SBER_ADDRESS,
  director: 'Греф Герман Оскарович',
  directorPost: 'Президент, председатель правления',
};

export function makeOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 20,
    name: 'ООО «Ромашка»',
    inn: '7707083893',
    kpp: '773601001',
    ogrn: '1027700132195',
    address: SBER_ADDRESS,
    description: null,
    director: { userId: ME.id, name: ME.name },
    role: 'director',
    active: true,
    documents: [],
    ...overrides,
  };
}

/** `organization/get-collection` lists them without documents. */
export const listed = ({ documents: _documents, ...org }: Organization) => org;

export const orgProfile = (org: Pick<Organization, 'id' | 'name'>, active = true) => ({
  id: org.id,
  type: 'organization' as const,
  name: org.name,
  active,
  description: null,
  address: null,
});
