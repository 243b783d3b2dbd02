import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bus, useSessionStore, type ApplicationStatus } from 'shared';
import { actAsProfile } from 'shared/testing';
import { Component as ApplicationListPage } from '../../pages/application-list-page';
import { Component as ApplicationPage } from '../../pages/application-page';
import { makeApplication, renderRoutes, requestsTo, setTestRuntimeConfig, stubApi, stubFetch } from '../../testing/render-route';

jest.mock('../map', () => jest.requireActual('../../testing/map-mock'));

const routes = [
  { path: '/application', Component: ApplicationListPage },
  { path: '/application/:id', Component: ApplicationPage },
];

beforeEach(() => {
  setTestRuntimeConfig();
});

test('while the application loads, the page has the h1 «Заявка», then the application\'s own (QA NN-1)', async () => {
  stubApi({ 'application/get': () => ({ body: { data: makeApplication({ id: 42, name: 'Замена электропроводки' }) } }) });
  renderRoutes(routes, '/application/42');
  expect(screen.getByRole('status')).toHaveTextContent('Загружаем заявку…');
  expect(screen.getByRole('heading', { level: 1, name: 'Заявка' })).toHaveClass('ui-visually-hidden');

  expect(await screen.findByRole('heading', { level: 1, name: 'Замена электропроводки' })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
});

test('shows everything public about the application', async () => {
  const fetchMock = stubFetch(() => ({
    body: {
      data: makeApplication({
        id: 42,
        number: 1042,
        name: 'Замена электропроводки',
        description: 'Квартира 54 м², два этажа',
        services: [{ id: 5, name: 'Электромонтаж' }],
        customer: { id: 9, name: 'Иван Петров', type: 'customer' },
      }),
    },
  }));

  renderRoutes(routes, '/application/42');

  expect(await screen.findByRole('heading', { level: 1, name: 'Замена электропроводки' })).toBeInTheDocument();
  expect(screen.getByText('Заявка № 1042')).toBeInTheDocument();
  expect(screen.getByText('Приём откликов')).toBeInTheDocument();
  expect(screen.getByText('Квартира 54 м², два этажа')).toBeInTheDocument();
  expect(screen.getByText('Иван Петров')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Электромонтаж' })).toHaveAttribute('href', '/application?services=5');
  expect(screen.getByRole('link', { name: /Назад к заявкам/ })).toHaveAttribute('href', '/application');
  const url = new URL(String(fetchMock.mock.calls[0]?.[0]));
  expect(url.pathname).toBe('/api/application/get');
  expect(url.searchParams.get('id')).toBe('42');
});

test("its owner's draft says when it was created, not published, and that it has no price yet", async () => {
  stubFetch(() => ({ body: { data: makeApplication({ id: 43, status: 'draft', price: null, createdAt: '2026-11-20T10:00:00.000Z' }) } }));
  renderRoutes(routes, '/application/43');
  const terms = await screen.findByRole('region', { name: 'Условия' });
  expect(within(terms).getByText('Создана')).toBeInTheDocument();
  expect(within(terms).queryByText('Опубликована')).not.toBeInTheDocument();
  expect(within(terms).getByText('Не указана')).toBeInTheDocument();
  expect(within(terms).queryByText('Цена договорная')).not.toBeInTheDocument();
});

test('a published application says when it was published, not when its draft was begun', async () => {
  stubFetch(() => ({
    body: { data: makeApplication({ id: 45, status: 'published', createdAt: '2026-11-02T10:00:00.000Z', publishedAt: '2026-11-20T10:00:00.000Z' }) },
  }));
  renderRoutes(routes, '/application/45');
  const terms = await screen.findByRole('region', { name: 'Условия' });
  expect(within(terms).getByText('Опубликована').nextElementSibling).toHaveTextContent('20 ноября 2026');
});

test('a published application without a price is negotiable', async () => {
  stubFetch(() => ({ body: { data: makeApplication({ id: 44, status: 'published', price: null }) } }));
  renderRoutes(routes, '/application/44');
  const terms = await screen.findByRole('region', { name: 'Условия' });
  expect(within(terms).getByText('Опубликована')).toBeInTheDocument();
  expect(within(terms).getByText('Цена договорная')).toBeInTheDocument();
});

test('says the application is not found when the API answers 404', async () => {
  const fetchMock = stubFetch(() => ({ status: 404, body: { message: 'Заявка не найдена', code: 'not_found' } }));

  renderRoutes(routes, '/application/999');

  expect(await screen.findByRole('heading', { name: 'Заявка не найдена' })).toBeInTheDocument();
  // A closed or completed application is not public either: not only «снята с публикации» (QA PP-5).
  expect(screen.getByText('Возможно, она закрыта или снята с публикации, или в адресе ошибка.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Вернуться к списку заявок' })).toHaveAttribute('href', '/application');
  expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('says the application is not found when the API refuses it as not public (403: QA OOO-3), with nothing to retry', async () => {
  stubFetch(() => ({ status: 403, body: { message: 'Заявка доступна только её участникам', code: 'forbidden' } }));

  renderRoutes(routes, '/application/998');

  expect(await screen.findByRole('heading', { name: 'Заявка не найдена' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Вернуться к списку заявок' })).toHaveAttribute('href', '/application');
  expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
});

test('an id that is not a number is not found without asking the API', async () => {
  const fetchMock = stubFetch(() => ({ body: { data: makeApplication() } }));

  renderRoutes(routes, '/application/abc');

  expect(await screen.findByRole('heading', { name: 'Заявка не найдена' })).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('other failures offer a retry', async () => {
  stubFetch(() => ({ status: 503, body: { message: 'Сервис временно недоступен', code: 'unavailable' } }));

  renderRoutes(routes, '/application/5');

  expect(await screen.findByText('Сервис временно недоступен', {}, { timeout: 8000 })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
});

describe('address, customer and documents', () => {
  const toasts: unknown[] = [];
  beforeEach(() => {
    toasts.length = 0;
    bus.clear();
    bus.on('toast:show', (toast) => toasts.push(toast));
  });

  const detail = {
    ...makeApplication({
      id: 8,
      name: 'Ремонт санузла',
      customer: { id: 9, name: 'Иван Петров', type: 'customer' },
      address: { value: 'г Казань, ул Баумана, д 5', cityFiasId: 'x', geoLat: 55.78, geoLon: 49.12 },
    }),
    documents: [
      { id: 31, name: 'Смета.pdf', mimeType: 'application/pdf', sizeBytes: 153_600, public: true, createdAt: '2026-11-20T10:00:00Z' },
      { id: 32, name: 'Паспорт.pdf', mimeType: 'application/pdf', sizeBytes: 1000, public: false, createdAt: '2026-11-20T10:00:00Z' },
    ],
  };

  test('shows the address on a map, links the customer to their applications and lists public documents', async () => {
    stubApi({ 'application/get': () => ({ body: { data: detail } }) });

    renderRoutes(routes, '/application/8');

    await screen.findByRole('heading', { level: 1, name: 'Ремонт санузла' });
    expect(screen.getByText('г Казань, ул Баумана, д 5')).toBeInTheDocument();
    const map = screen.getByTestId('point-map');
    expect(JSON.parse(map.dataset.point!)).toEqual({ geoLat: 55.78, geoLon: 49.12 });
    expect(map.dataset.label).toBe('г Казань, ул Баумана, д 5');
    expect(screen.getByRole('link', { name: 'Иван Петров' })).toHaveAttribute(
      'href',
      `/application/search?${new URLSearchParams({ customer: '9', customerName: 'Иван Петров' })}`,
    );
    const documents = screen.getByRole('region', { name: 'Документы' });
    expect(within(documents).getByText('Смета.pdf')).toBeInTheDocument();
    expect(within(documents).getByText(/150\sКБ/)).toBeInTheDocument();
    expect(within(documents).queryByText('Паспорт.pdf')).not.toBeInTheDocument();
  });

  test('a failed download tells the visitor through a toast', async () => {
    const fetchMock = stubApi({
      'application/get': () => ({ body: { data: detail } }),
      'application/document/public/download': () => ({ status: 500, body: '' }),
    });

    renderRoutes(routes, '/application/8');
    fireEvent.click(await screen.findByRole('button', { name: 'Скачать «Смета.pdf»' }));

    await waitFor(() => expect(toasts).toEqual([{ type: 'error', message: 'Ошибка скачивания документа' }]));
    expect(requestsTo(fetchMock, 'application/document/public/download')[0]?.searchParams.get('id')).toBe('31');
    expect(screen.getByRole('button', { name: 'Скачать «Смета.pdf»' })).toBeEnabled();
  });

  test('without coordinates there is no map and without public documents it says so', async () => {
    stubApi({
      'application/get': () => ({
        body: { data: { ...detail, address: { value: '', cityFiasId: null, geoLat: null, geoLon: null }, documents: [] } },
      }),
    });

    renderRoutes(routes, '/application/8');

    expect(await screen.findByText('Публичных документов нет.')).toBeInTheDocument();
    expect(screen.getByText('Адрес не указан.')).toBeInTheDocument();
    expect(screen.queryByTestId('point-map')).not.toBeInTheDocument();
  });
});

describe('live: the customer acts in another browser', () => {
  const EXECUTOR = { id: 21, type: 'executor', name: 'Пётр Сидоров', active: true } as const;
  const myReply = { id: 301, applicationId: 42, executor: { id: 21, name: 'Пётр Сидоров', type: 'executor' }, price: null, comment: 'Готов', status: 'active', createdAt: '2026-11-23T10:00:00Z' };
  const replied = () => ({
    ...makeApplication({ id: 42, number: 10042, price: 12500, customer: { id: 7, name: 'ООО «Ромашка»', type: 'organization' }, feedbackDeadline: '2099-12-31' }),
    replies: [myReply],
    allowedActions: ['application/reply/remove'],
  });

  beforeEach(() => {
    bus.clear();
    actAsProfile(EXECUTOR);
  });
  afterEach(() => useSessionStore.getState().clear());

  test.each([
    ['names an executor', 'executor_named', 'Исполнитель выбран'],
    ['stops the application', 'stopped_by_customer', 'Остановлена заказчиком'],
  ] as const)("%s: the replier's page shows it when his notification about this application comes, not for another's", async (_what, status: ApplicationStatus, label) => {
    let answer = replied();
    const fetchMock = stubApi({ 'application/get': () => ({ body: { data: answer } }) });
    renderRoutes(routes, '/application/42');

    expect(await screen.findByText('Приём откликов')).toBeInTheDocument();
    expect(screen.getByText(/Вы откликнулись на заявку/)).toBeInTheDocument();
    const asked = requestsTo(fetchMock, 'application/get').length;

    answer = { ...replied(), status, price: 15000, replies: [], allowedActions: [] };
    act(() => bus.emit('notification:received', { message: 'Заявка № 10077: Исполнитель выбран', applicationId: 77 }));
    act(() => bus.emit('notification:received', { message: 'Приглашение в организацию', applicationId: null }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requestsTo(fetchMock, 'application/get')).toHaveLength(asked);
    expect(screen.getByText('Приём откликов')).toBeInTheDocument();

    act(() => bus.emit('notification:received', { message: `Заявка № 10042: ${label}`, applicationId: 42 }));
    expect(await screen.findByText(label)).toBeInTheDocument();
    expect(screen.queryByText('Приём откликов')).not.toBeInTheDocument();
    expect(screen.queryByText(/Вы откликнулись на заявку/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Условия' })).getByText(/^15\s000\s₽$/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'application/get').map((url) => url.searchParams.get('id'))).toEqual(Array(asked + 1).fill('42'));
  });
});

test('names the facility the application is for, a link to its public page', async () => {
  stubFetch(() => ({ body: { data: { ...makeApplication({ id: 45 }), facility: { id: 7, name: 'Склад на Баумана' } } } }));
  renderRoutes(routes, '/application/45');
  const terms = await screen.findByRole('region', { name: 'Условия' });
  expect(within(terms).getByText('Объект')).toBeInTheDocument();
  expect(within(terms).getByRole('link', { name: 'Склад на Баумана' })).toHaveAttribute('href', '/facility/7');
});

test('without a facility the terms name none', async () => {
  stubFetch(() => ({ body: { data: { ...makeApplication({ id: 46 }), facility: null } } }));
  renderRoutes(routes, '/application/46');
  const terms = await screen.findByRole('region', { name: 'Условия' });
  expect(within(terms).queryByText('Объект')).not.toBeInTheDocument();
});
