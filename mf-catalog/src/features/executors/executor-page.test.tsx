import { screen, within } from '@testing-library/react';
import { Component as ExecutorPage } from '../../pages/executor-page';
import { renderRoutes, requestsTo, setTestRuntimeConfig, stubApi } from '../../testing/render-route';
import { makeExecutor } from './testing/fixtures';

const routes = [{ path: '/executor/:id', Component: ExecutorPage }];

beforeEach(() => setTestRuntimeConfig());

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
