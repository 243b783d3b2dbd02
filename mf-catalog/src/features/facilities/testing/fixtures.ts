import type { Facility } from 'shared';

/** A facility as `profile/facility/get` answers a guest: one public document, on the map. */
export function makeFacility(overrides: Partial<Facility> = {}): Facility {
  const createdAt = overrides.createdAt ?? '2026-10-01T09:00:00Z';
  return {
    id: 4,
    name: 'Склад на Тэцевской',
    type: { id: 2, name: 'Складское помещение' },
    description: 'Отапливаемый склад 600 м²',
    address: { value: 'г Казань, ул Тэцевская, д 12', cityFiasId: 'x', geoLat: 55.81, geoLon: 49.05 },
    owner: { id: 9, name: 'ООО «Ромашка»', type: 'organization' },
    documents: [{ id: 51, name: 'Поэтажный план.pdf', mimeType: 'application/pdf', sizeBytes: 2_500_000, public: true, createdAt }],
    createdAt,
    editable: false,
    ...overrides,
  };
}
