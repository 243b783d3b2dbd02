import { act, screen, within } from '@testing-library/react';
import { useSessionStore, type SessionProfile } from 'shared';
import { actAsProfile } from 'shared/testing';
import { Component as ExecutorPage } from '../../pages/executor-page';
import { renderRoutes, requestsTo, setTestRuntimeConfig, stubApi } from '../../testing/render-route';
import { makeExecutor } from './testing/fixtures';

const routes = [{ path: '/executor/:id', Component: ExecutorPage }];

beforeEach(() => setTestRuntimeConfig());

test('while the executor loads, the page has the h1 «Исполнитель», then the executor\'s own (QA NN-1)', async () => {
  stubApi({ 'executor/get': () => ({ body: { data: makeExecutor({ id: 15, name: 'ООО «Мастер на час»' }) } }) });
  renderRoutes(routes, '/executor/15');
  expect(screen.getByRole('status')).toHaveTextContent('Загружаем исполнителя…');
  expect(screen.getByRole('heading', { level: 1, name: 'Исполнитель' })).toHaveClass('ui-visually-hidden');

  expect(await screen.findByRole('heading', { level: 1, name: 'ООО «Мастер на час»' })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
});

test('shows the executor: services, city, completed applications and description', async () => {
  const fetchMock = stubApi({
    'executor/get': () => ({
      body: {
        data: makeExecutor({
          id: 15,
          name: 'ООО «Мастер на час»',
          type: 'organization',
          description: 'Мелкий ремонт за один визит',
          completedCount: 42,
          services: [
            { id: 4, name: 'Укладка плитки' },
            { id: 7, name: 'Монтаж освещения' },
          ],
        }),
      },
    }),
  });

  renderRoutes(routes, '/executor/15');

  expect(await screen.findByRole('heading', { level: 1, name: 'ООО «Мастер на час»' })).toBeInTheDocument();
  // The tab says what the server's head says for the page.
  expect(document.title).toBe('ООО «Мастер на час» — организация-исполнитель, г Казань — Маркетплейс услуг');
  expect(screen.getByText('Организация')).toBeInTheDocument();
  expect(screen.getByText('Мелкий ремонт за один визит')).toBeInTheDocument();
  const facts = screen.getByRole('region', { name: 'Сведения' });
  expect(within(facts).getByText('г Казань')).toBeInTheDocument();
  // An organisation's is its legal address; a person's profile names a city.
  expect(within(facts).getByText('Адрес')).toBeInTheDocument();
  expect(within(facts).queryByText('Город')).not.toBeInTheDocument();
  expect(within(facts).getByText('42')).toBeInTheDocument();
  const services = screen.getByRole('region', { name: 'Услуги' });
  expect(within(services).getByRole('link', { name: 'Монтаж освещения' })).toHaveAttribute('href', '/executor/search?services=7');
  expect(screen.getByRole('link', { name: /Назад к исполнителям/ })).toHaveAttribute('href', '/executor');
  expect(requestsTo(fetchMock, 'executor/get')[0]?.searchParams.get('id')).toBe('15');
});

test("shows the customers' rating and latest reviews; before the first, says there are none", async () => {
  stubApi({
    'executor/get': () => ({
      body: {
        data: makeExecutor({
          id: 16,
          rating: { average: 4.3, count: 3 },
          reviews: [
            { rating: 4, text: 'Хорошо, но с опозданием', applicationName: 'Замена проводки', at: '2026-11-01T10:00:00.000Z' },
            { rating: 5, text: '', applicationName: 'Покраска забора', at: '2026-10-01T10:00:00.000Z' },
          ],
        }),
      },
    }),
  });
  const first = renderRoutes(routes, '/executor/16');
  const facts = within(await screen.findByRole('region', { name: 'Сведения' }));
  expect(facts.getByText('Рейтинг').nextElementSibling).toHaveTextContent('4,3 из 5 · 3 отзыва');
  const reviews = within(screen.getByRole('region', { name: 'Отзывы заказчиков' }));
  const items = reviews.getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('Оценка 4 из 5');
  expect(items[0]).toHaveTextContent('Хорошо, но с опозданием');
  expect(items[0]).toHaveTextContent('Заявка «Замена проводки» · 1 ноября 2026');
  expect(items[1]).toHaveTextContent('Оценка 5 из 5');
  first.unmount();

  stubApi({ 'executor/get': () => ({ body: { data: makeExecutor({ id: 17, rating: null, reviews: [] }) } }) });
  renderRoutes(routes, '/executor/17');
  const none = within(await screen.findByRole('region', { name: 'Сведения' }));
  expect(none.getByText('Рейтинг').nextElementSibling).toHaveTextContent('Отзывов пока нет');
  expect(screen.queryByRole('region', { name: 'Отзывы заказчиков' })).not.toBeInTheDocument();
});

test("an organisation's INN and OGRN (ОГРНИП for an ИП) are among its facts; a person shows none", async () => {
  stubApi({ 'executor/get': () => ({ body: { data: makeExecutor({ id: 18, type: 'organization', registry: { inn: '7701234560', ogrn: '1027700132195' } }) } }) });
  const company = renderRoutes(routes, '/executor/18');
  const facts = within(await screen.findByRole('region', { name: 'Сведения' }));
  expect(facts.getByText('ИНН').nextElementSibling).toHaveTextContent('7701234560');
  expect(facts.getByText('ОГРН').nextElementSibling).toHaveTextContent('1027700132195');
  company.unmount();

  stubApi({ 'executor/get': () => ({ body: { data: makeExecutor({ id: 19, type: 'organization', registry: { inn: '500100732259', ogrn: '304500116000157' } }) } }) });
  const sole = renderRoutes(routes, '/executor/19');
  expect(within(await screen.findByRole('region', { name: 'Сведения' })).getByText('ОГРНИП').nextElementSibling).toHaveTextContent('304500116000157');
  sole.unmount();

  stubApi({ 'executor/get': () => ({ body: { data: makeExecutor({ id: 20, type: 'executor', registry: null }) } }) });
  renderRoutes(routes, '/executor/20');
  const person = within(await screen.findByRole('region', { name: 'Сведения' }));
  expect(person.queryByText('ИНН')).not.toBeInTheDocument();
  expect(person.queryByText(/^ОГРН/)).not.toBeInTheDocument();
});

test('with no description, an organisation is said not to have told about itself, in its own words', async () => {
  stubApi({ 'executor/get': () => ({ body: { data: makeExecutor({ id: 21, type: 'organization', description: null }) } }) });
  const company = renderRoutes(routes, '/executor/21');
  const about = within(await screen.findByRole('region', { name: 'О себе' }));
  expect(about.getByText('Организация пока не рассказала о себе.')).toBeInTheDocument();
  company.unmount();

  stubApi({ 'executor/get': () => ({ body: { data: makeExecutor({ id: 22, type: 'executor', description: null }) } }) });
  renderRoutes(routes, '/executor/22');
  expect(within(await screen.findByRole('region', { name: 'О себе' })).getByText('Исполнитель пока не рассказал о себе.')).toBeInTheDocument();
});

test('a missing executor is «not found», without a retry', async () => {
  stubApi({ 'executor/get': () => ({ status: 404, body: { message: 'Исполнитель не найден', code: 'not_found' } }) });

  renderRoutes(routes, '/executor/999');

  expect(await screen.findByRole('heading', { level: 1, name: 'Исполнитель не найден' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
});

test('other failures keep a heading and offer a retry', async () => {
  stubApi({ 'executor/get': () => ({ status: 500, body: { message: 'Внутренняя ошибка сервера', code: 'internal' } }) });

  renderRoutes(routes, '/executor/3');

  expect(await screen.findByText('Внутренняя ошибка сервера')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Исполнитель' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
});

describe('the executor himself, signed in', () => {
  afterEach(() => act(() => useSessionStore.getState().clear()));


  test.each([
    ['a person is led to his profile in the cabinet', 'executor', '/lk/profile'],
    ['an organisation is led to its page in the cabinet', 'organization', '/lk/organization'],
  ] as const)('%s', async (_case, type, href) => {
    actAsProfile({ id: 15, type, name: 'Пётр Сидоров', active: true });
    stubApi({ 'executor/get': () => ({ body: { data: makeExecutor({ id: 15, type }) } }) });
    renderRoutes(routes, '/executor/15');
    expect(await screen.findByText(/Это ваш профиль/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Изменить профиль в личном кабинете' })).toHaveAttribute('href', href);
  });

  test('anyone else is not', async () => {
    actAsProfile({ id: 21, type: 'executor', name: 'Пётр Сидоров', active: true });
    stubApi({ 'executor/get': () => ({ body: { data: makeExecutor({ id: 15 }) } }) });
    renderRoutes(routes, '/executor/15');
    // The executor's own h1, not the loading state's «Исполнитель» (QA NN-1).
    await screen.findByRole('heading', { level: 1, name: makeExecutor({ id: 15 }).name });
    expect(screen.queryByText(/Это ваш профиль/)).not.toBeInTheDocument();
  });
});
