import { screen } from '@testing-library/react';
import { useSessionStore, type SessionProfile } from 'shared';
import { Component as ApplicationPage } from '../../pages/application-page';
import { actAsProfile } from 'shared/testing';
import { makeApplication, renderRoutes, setTestRuntimeConfig, stubApi } from '../../testing/render-route';

jest.mock('../map', () => jest.requireActual('../../testing/map-mock'));

const routes = [{ path: '/application/:id', Component: ApplicationPage }];
const OWNER: SessionProfile = { id: 7, type: 'organization', name: 'ООО «Ромашка»', active: true };
const EXECUTOR: SessionProfile = { id: 21, type: 'executor', name: 'Пётр Сидоров', active: true };
const CUSTOMER: SessionProfile = { id: 30, type: 'customer', name: 'Анна Смирнова', active: true };

const actAs = actAsProfile;

const application = (status: 'published' | 'in_work' = 'published') =>
  makeApplication({ id: 42, status, customer: { id: OWNER.id, name: OWNER.name, type: 'organization' }, feedbackDeadline: '2099-12-31' });

beforeEach(() => {
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
});
afterEach(() => useSessionStore.getState().clear());

test('an executor is offered «Написать заказчику»: the conversation about this application in /lk/message', async () => {
  actAs(EXECUTOR);
  stubApi({ 'application/get': () => ({ body: { data: application() } }) });
  renderRoutes(routes, '/application/42');
  expect(await screen.findByRole('link', { name: 'Написать заказчику' })).toHaveAttribute('href', '/lk/message?applicationId=42');
});

test('a guest is offered it through the login, which goes on to the conversation; the page stays as it is under the dialog', async () => {
  stubApi({ 'application/get': () => ({ body: { data: application() } }) });
  renderRoutes(routes, '/application/42?from=map#replies');
  const write = await screen.findByRole('link', { name: 'Написать заказчику' });
  const href = new URL(write.getAttribute('href')!, 'http://localhost');
  expect(href.pathname).toBe('/application/42');
  expect(href.hash).toBe('#replies');
  expect(Object.fromEntries(href.searchParams)).toEqual({ from: 'map', auth: 'login', redirect: '/lk/message?applicationId=42' });
});

test.each([
  ['the owner', OWNER],
  ['a customer profile', CUSTOMER],
] as const)('%s is not offered it', async (_who, profile) => {
  actAs(profile);
  stubApi({ 'application/get': () => ({ body: { data: application() } }) });
  renderRoutes(routes, '/application/42');
  // The application's own h1, not the loading state's «Заявка» (QA NN-1).
  await screen.findByRole('heading', { level: 1, name: application().name });
  expect(screen.queryByRole('link', { name: 'Написать заказчику' })).not.toBeInTheDocument();
});

test.each([
  ['an executor', EXECUTOR],
  ['a guest', null],
] as const)('nor %s about an application that is no longer published', async (_who, profile) => {
  if (profile) actAs(profile);
  stubApi({ 'application/get': () => ({ body: { data: application('in_work') } }) });
  renderRoutes(routes, '/application/42');
  // The application's own h1, not the loading state's «Заявка» (QA NN-1).
  await screen.findByRole('heading', { level: 1, name: application().name });
  expect(screen.queryByRole('link', { name: 'Написать заказчику' })).not.toBeInTheDocument();
});
