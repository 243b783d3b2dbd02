import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ApplicationView } from 'shared';
import { ok, type FetchHandler } from 'shared/testing';
import { makeApplication } from '../../../testing/render-page';

export const KAZAN = { value: 'г Казань, ул Баумана, д 1', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 };
export const SERVICES = [
  { id: 3, name: 'Ремонт кровли', parentId: 1, group: 'Ремонт' },
  { id: 4, name: 'Укладка плитки', parentId: 1, group: 'Ремонт' },
];

/** The lookups every form asks for: the services catalogue and address suggestions. */
export const lookupRoutes: Record<string, FetchHandler> = {
  'service/get-collection/filter': () => ok({ items: SERVICES }),
  'user/address/search': () => ok({ items: [KAZAN] }),
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

export const FULL_BODY = {
  name: 'Ремонт крыши',
  description: 'Заменить кровлю на площади 120 м²',
  services: [3],
  address: KAZAN,
  price: 12500,
  deadline: '2026-12-20',
  feedbackDeadline: '2026-12-10',
};
