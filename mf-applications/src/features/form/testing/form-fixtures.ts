import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ApplicationView, Facility } from 'shared';
import { listAnswer, ok, type FetchHandler } from 'shared/testing';
import { makeApplication } from '../../../testing/render-page';

export const KAZAN = { value: 'г Казань, ул Баумана, д 1', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 };
export const SERVICES = [
  { id: 3, name: 'Ремонт кровли', parentId: 1, group: 'Ремонт' },
  { id: 4, name: 'Укладка плитки', parentId: 1, group: 'Ремонт' },
];

export const MOSCOW = { value: 'г Москва, ул Тверская, д 1', cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', geoLat: 55.757, geoLon: 37.615 };

/** One of the signed-in customer's (profile 11) facilities, as `profile/facility/get-collection` lists it. */
export function makeFacility(overrides: Partial<Facility> = {}): Facility {
  return {
    id: 15,
    name: 'Дача в Подмосковье',
    type: { id: 2, name: 'Частный дом' },
    description: '',
    address: MOSCOW,
    owner: { id: 11, name: 'Иван Петров', type: 'customer' },
    documents: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    editable: true,
    ...overrides,
  };
}
export const FACILITIES = [makeFacility(), makeFacility({ id: 16, name: 'Склад', address: { value: '', cityFiasId: null, geoLat: null, geoLon: null } })];

/** The lookups every form asks for: the services catalogue, address suggestions and the profile's facilities. */
export const lookupRoutes: Record<string, FetchHandler> = {
  'service/get-collection/filter': () => ok({ items: SERVICES }),
  'user/address/search': () => ok({ items: [KAZAN] }),
  'profile/facility/get-collection': () => listAnswer(FACILITIES, { limit: 100 }),
};

/** What `application/get` answers the customer (the lk fields of a party). */
export function lkView(overrides: Partial<ApplicationView> = {}): ApplicationView {
  return {
    ...makeApplication({ id: 41, number: 1041, name: 'Ремонт крыши', status: 'draft' }),
    documents: [],
    replies: [],
    executor: null,
    history: [],
    contract: null,
    report: null,
    payment: { status: 'none', amount: 0 },
    review: null,
    facility: null,
    allowedActions: ['application/draft/upsert', 'application/create', 'application/delete'],
    ...overrides,
  };
}

/** The JSON body of a fetch call. */
const bodyOf = (init: RequestInit | undefined): Record<string, unknown> => JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;

/** `application/draft/upsert` as the server answers it: draft 41 under the name that was sent. */
export const draftUpsert: FetchHandler = (_url, init) => ok(makeApplication({ id: 41, status: 'draft', name: String(bodyOf(init).name) }));

/** Fills every field but the name (a draft needs a name, so nothing is saved yet). */
export async function fillAllButName(user: UserEvent) {
  await user.type(screen.getByLabelText('Описание работ'), 'Заменить кровлю на площади 120 м²');
  await user.click(await screen.findByRole('checkbox', { name: 'Ремонт кровли' }));
  await user.type(screen.getByRole('combobox', { name: 'Адрес' }), 'Каза');
  await user.click(await screen.findByRole('option', { name: KAZAN.value }));
  await user.type(screen.getByLabelText('Цена, ₽'), '12 500');
  await user.type(screen.getByLabelText('Срок выполнения'), '20122026');
  await user.type(screen.getByLabelText('Приём откликов до'), '10122026');
}

/** A new form's key (`clientKey`) as shared `newRequestKey` makes one: any of the contract's shape. */
export const A_KEY = expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) as unknown as string;

export const FULL_BODY = {
  name: 'Ремонт крыши',
  description: 'Заменить кровлю на площади 120 м²',
  services: [3],
  address: KAZAN,
  price: 12500,
  deadline: '2026-12-20',
  feedbackDeadline: '2026-12-10',
};

/** The fields of a complete application as \`application/get\` answers them (the edit page's start). */
export const COMPLETE_VIEW = {
  name: FULL_BODY.name,
  description: FULL_BODY.description,
  services: [{ id: 3, name: 'Ремонт кровли' }],
  address: KAZAN,
  price: 12500,
  deadline: '2026-12-20',
  feedbackDeadline: '2026-12-10',
};

/** The browser's reload or closed tab: answers whether the page asked «leave the page?». */
export function beforeUnloadPrevented(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}
