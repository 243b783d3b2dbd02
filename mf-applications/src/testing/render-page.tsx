import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { useSessionStore, type Application, type SessionProfileType } from 'shared';

export interface TestRoute {
  path: string;
  Component: ComponentType;
}

/** The remote's pages under its mount, with a location probe (MemoryRouter: jsdom has no Request). */
export function renderRoutes(routes: TestRoute[], initialEntry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  let current: Location | null = null;
  function LocationProbe() {
    current = useLocation();
    return null;
  }
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[initialEntry]}>
        <Routes>
          {routes.map(({ path, Component }) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
          <Route path="*" element={<p>Другая страница</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const location = (): Location => {
    if (!current) throw new Error('The router has not rendered');
    return current;
  };
  return { ...utils, location, queryClient };
}

/** A logged-in user acting as a profile of this type (what the shell's guards leave behind). */
export function signInAs(type: SessionProfileType, profileId = 11) {
  const store = useSessionStore.getState();
  store.clear();
  store.setTokens('access-token', 'refresh-token');
  store.setUser({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: profileId });
  store.setProfiles([{ id: profileId, type, name: type === 'organization' ? 'ООО «Ромашка»' : 'Иван Петров', active: true }]);
}

let nextId = 1;

export function makeApplication(overrides: Partial<Application> = {}): Application {
  const id = overrides.id ?? nextId++;
  return {
    id,
    number: 1000 + id,
    name: `Заявка ${id}`,
    description: 'Описание работ',
    status: 'published',
    price: 12500,
    deadline: '2026-12-20',
    feedbackDeadline: '2026-12-10',
    address: { value: 'г Казань, ул Баумана, д 1', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 },
    services: [{ id: 3, name: 'Ремонт кровли' }],
    customer: { id: 11, name: 'Иван Петров', type: 'customer' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
