import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bus, useSessionStore, type SessionProfile } from 'shared';
import { actAsProfile } from 'shared/testing';
import { Component as FacilityPage } from '../../pages/facility-page';
import { renderRoutes, requestsTo, setTestRuntimeConfig, stubApi } from '../../testing/render-route';
import { makeFacility } from './testing/fixtures';

jest.mock('../map', () => jest.requireActual('../../testing/map-mock'));

const routes = [{ path: '/facility/:id', Component: FacilityPage }];

const facility = makeFacility();

const toasts: unknown[] = [];

beforeEach(() => {
  setTestRuntimeConfig();
  toasts.length = 0;
  bus.clear();
  bus.on('toast:show', (toast) => toasts.push(toast));
});

test('while the facility loads, the page has the h1 «Объект», then the facility\'s own (QA NN-1)', async () => {
  stubApi({ 'profile/facility/get': () => ({ body: { data: facility } }) });
  renderRoutes(routes, '/facility/4');
  expect(screen.getByRole('status')).toHaveTextContent('Загружаем объект…');
  expect(screen.getByRole('heading', { level: 1, name: 'Объект' })).toHaveClass('ui-visually-hidden');

  expect(await screen.findByRole('heading', { level: 1, name: facility.name })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
});

test('shows the facility: type, address on a map, owner and public documents', async () => {
  const fetchMock = stubApi({ 'profile/facility/get': () => ({ body: { data: facility } }) });

  renderRoutes(routes, '/facility/4');

  expect(await screen.findByRole('heading', { level: 1, name: 'Склад на Тэцевской' })).toBeInTheDocument();
  expect(document.title).toBe('Склад на Тэцевской — складское помещение, г Казань, ул Тэцевская, д 12 — Маркетплейс услуг');
  expect(screen.getByText('Отапливаемый склад 600 м²')).toBeInTheDocument();
  const facts = screen.getByRole('region', { name: 'Сведения' });
  expect(within(facts).getByText('Складское помещение')).toBeInTheDocument();
  expect(within(facts).getByRole('link', { name: 'ООО «Ромашка»' })).toHaveAttribute(
    'href',
    `/application/search?${new URLSearchParams({ customer: '9', customerName: 'ООО «Ромашка»' })}`,
  );
  const map = screen.getByTestId('point-map');
  expect(JSON.parse(map.dataset.point!)).toEqual({ geoLat: 55.81, geoLon: 49.05 });
  expect(within(screen.getByRole('region', { name: 'Документы' })).getByText(/2,4\sМБ/)).toBeInTheDocument();
  expect(requestsTo(fetchMock, 'profile/facility/get')[0]?.searchParams.get('id')).toBe('4');
});

test('leads back to its owner: a customer’s applications, an executor’s profile (the catalogue has no list of facilities)', async () => {
  stubApi({ 'profile/facility/get': (url) => ({ body: { data: url.searchParams.get('id') === '4' ? facility : makeFacility({ id: 7, owner: { id: 21, name: 'Пётр Сидоров', type: 'executor' } }) } }) });

  const first = renderRoutes(routes, '/facility/4');
  const back = await screen.findByRole('link', { name: 'Заявки владельца' });
  expect(back).toHaveAttribute('href', `/application/search?${new URLSearchParams({ customer: '9', customerName: 'ООО «Ромашка»' })}`);
  // Above the facility, as the other detail pages' way back is.
  expect(back.compareDocumentPosition(screen.getByRole('heading', { level: 1 })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  first.unmount();

  renderRoutes(routes, '/facility/7');
  expect(await screen.findByRole('link', { name: 'Профиль владельца' })).toHaveAttribute('href', '/executor/21');
  expect(within(screen.getByRole('region', { name: 'Сведения' })).getByRole('link', { name: 'Пётр Сидоров' })).toHaveAttribute('href', '/executor/21');
});

test('a facility not found has no owner to lead back to: its own way on, to the home page', async () => {
  stubApi({ 'profile/facility/get': () => ({ status: 404, body: { message: 'Объект не найден', code: 'not_found' } }) });

  renderRoutes(routes, '/facility/404');

  expect(await screen.findByRole('heading', { level: 1, name: 'Объект не найден' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
  expect(screen.queryByRole('link', { name: /владельца/ })).not.toBeInTheDocument();
});

test("a failed document download shows the server's message as a toast", async () => {
  const fetchMock = stubApi({
    'profile/facility/get': () => ({ body: { data: facility } }),
    'facility/document/public/download': () => ({ status: 404, body: { message: 'Документ удалён', code: 'not_found' } }),
  });

  renderRoutes(routes, '/facility/4');
  fireEvent.click(await screen.findByRole('button', { name: 'Скачать «Поэтажный план.pdf»' }));

  await waitFor(() => expect(toasts).toEqual([{ type: 'error', message: 'Документ удалён' }]));
  expect(requestsTo(fetchMock, 'facility/document/public/download')[0]?.searchParams.get('id')).toBe('51');
});

test('an unknown facility is «not found»; other failures offer a retry', async () => {
  stubApi({ 'profile/facility/get': (url) => (url.searchParams.get('id') === '404'
    ? { status: 404, body: { message: 'Объект не найден', code: 'not_found' } }
    : { status: 500, body: { message: 'Сбой сервера', code: 'internal' } }) });

  const first = renderRoutes(routes, '/facility/404');
  expect(await screen.findByRole('heading', { level: 1, name: 'Объект не найден' })).toBeInTheDocument();
  first.unmount();

  renderRoutes(routes, '/facility/5');
  expect(await screen.findByText('Сбой сервера')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
});

describe('its owner, signed in', () => {
  afterEach(() => act(() => useSessionStore.getState().clear()));


  test('is told it is his and led to the facility in the cabinet', async () => {
    actAsProfile({ id: 9, type: 'organization', name: 'ООО «Ромашка»', active: true });
    stubApi({ 'profile/facility/get': () => ({ body: { data: facility } }) });
    renderRoutes(routes, '/facility/4');
    expect(await screen.findByText(/Это ваш объект/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Открыть объект в личном кабинете' })).toHaveAttribute('href', '/lk/facility/4');
  });

  test('anyone else is not', async () => {
    actAsProfile({ id: 21, type: 'executor', name: 'Пётр Сидоров', active: true });
    stubApi({ 'profile/facility/get': () => ({ body: { data: facility } }) });
    renderRoutes(routes, '/facility/4');
    await screen.findByRole('heading', { level: 1, name: 'Склад на Тэцевской' });
    expect(screen.queryByText(/Это ваш объект/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Открыть объект в личном кабинете' })).not.toBeInTheDocument();
  });
});
