import { screen } from '@testing-library/react';
import { Component as ApplicationListPage } from '../../pages/application-list-page';
import { Component as ApplicationPage } from '../../pages/application-page';
import { makeApplication, renderRoutes, setTestRuntimeConfig, stubFetch } from './testing/render-route';

const routes = [
  { path: '/application', Component: ApplicationListPage },
  { path: '/application/:id', Component: ApplicationPage },
];

beforeEach(() => {
  setTestRuntimeConfig();
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

test('says the application is not found when the API answers 404', async () => {
  const fetchMock = stubFetch(() => ({ status: 404, body: { message: 'Заявка не найдена', code: 'not_found' } }));

  renderRoutes(routes, '/application/999');

  expect(await screen.findByRole('heading', { name: 'Заявка не найдена' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Вернуться к списку заявок' })).toHaveAttribute('href', '/application');
  expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
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
