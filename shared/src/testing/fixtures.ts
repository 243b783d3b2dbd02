import type { Application } from '../contract/application';

let nextId = 1;

/** A published application as the API lists it; each call without an id gets the next one. */
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
    address: { value: 'г. Казань, ул. Баумана, д. 1', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 },
    services: [{ id: 3, name: 'Ремонт кровли' }],
    customer: { id: 7, name: 'ООО «Ромашка»', type: 'organization' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
