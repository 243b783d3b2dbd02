import type { Executor } from 'shared';

let nextId = 100;

export function makeExecutor(overrides: Partial<Executor> = {}): Executor {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Исполнитель ${id}`,
    type: 'executor',
    description: 'Отделочные работы под ключ',
    services: [{ id: 4, name: 'Укладка плитки' }],
    address: { value: 'г Казань', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 },
    completedCount: 3,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}
