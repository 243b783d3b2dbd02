import { screen } from '@testing-library/react';
import { useSessionStore, type SessionProfile } from 'shared';
import { actAsProfile } from 'shared/testing';
import { Component as ApplicationPage } from '../../pages/application-page';
import { makeApplication, renderRoutes, setTestRuntimeConfig, stubApi } from '../../testing/render-route';

jest.mock('../map', () => jest.requireActual('../../testing/map-mock'));

const routes = [{ path: '/application/:id', Component: ApplicationPage }];
const CUSTOMER: SessionProfile = { id: 7, type: 'customer', name: 'Иван Петров', active: true };
const EXECUTOR: SessionProfile = { id: 21, type: 'executor', name: 'Пётр Сидоров', active: true };
const STRANGER: SessionProfile = { id: 35, type: 'executor', name: 'Олег Смирнов', active: true };


const customer = { id: CUSTOMER.id, name: CUSTOMER.name, type: 'customer' as const };
const published = () => makeApplication({ id: 42, customer, feedbackDeadline: '2099-12-31' });
/** What a party of the deal gets from `application/get` once an executor is named (ARCHITECTURE §8). */
const inWork = (executor: SessionProfile) => ({
  ...makeApplication({ id: 42, customer, status: 'in_work' }),
  replies: [],
  executor: { id: executor.id, name: executor.name, type: executor.type },
  history: [],
  contract: null,
  report: null,
  payment: { status: 'held', amount: 12500, fee: 0 },
  review: null,
  facility: null,
  allowedActions: [],
});

beforeEach(() => {
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
});

afterEach(() => useSessionStore.getState().clear());

async function renderApplication(data: { name: string }) {
  stubApi({ 'application/get': () => ({ body: { data } }) });
  renderRoutes(routes, '/application/42');
  // The application's own h1, not the loading state's «Заявка» (QA NN-1).
  await screen.findByRole('heading', { level: 1, name: data.name });
}

test('the customer who owns the application is told so and led to it in the cabinet, without the public actions', async () => {
  actAsProfile(CUSTOMER);
  await renderApplication(published());

  expect(screen.getByText('Это ваша заявка.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Открыть заявку в личном кабинете' })).toHaveAttribute('href', '/lk/application/detail/42');
  expect(screen.queryByText('Вы исполнитель по этой заявке.')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Откликнуться' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Написать заказчику' })).not.toBeInTheDocument();
});

test('the executor chosen for the application is told so and led to it in the cabinet', async () => {
  actAsProfile(EXECUTOR);
  await renderApplication(inWork(EXECUTOR));

  expect(screen.getByText('Вы исполнитель по этой заявке.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Открыть заявку в личном кабинете' })).toHaveAttribute('href', '/lk/application/detail/42');
  expect(screen.queryByText('Это ваша заявка.')).not.toBeInTheDocument();
});

test('a stranger keeps the public actions and no party line', async () => {
  actAsProfile(STRANGER);
  await renderApplication(published());

  expect(screen.getByRole('button', { name: 'Откликнуться' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Написать заказчику' })).toBeInTheDocument();
  expect(screen.queryByText('Это ваша заявка.')).not.toBeInTheDocument();
  expect(screen.queryByText('Вы исполнитель по этой заявке.')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Открыть заявку в личном кабинете' })).not.toBeInTheDocument();
});

test('an executor who is not the one chosen is no party either', async () => {
  actAsProfile(STRANGER);
  await renderApplication(inWork(EXECUTOR));

  expect(screen.queryByText('Вы исполнитель по этой заявке.')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Открыть заявку в личном кабинете' })).not.toBeInTheDocument();
});

test('a guest keeps the public reply link and no party line', async () => {
  await renderApplication(published());

  expect(screen.getByRole('link', { name: 'Откликнуться' })).toBeInTheDocument();
  expect(screen.queryByText('Это ваша заявка.')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Открыть заявку в личном кабинете' })).not.toBeInTheDocument();
});
