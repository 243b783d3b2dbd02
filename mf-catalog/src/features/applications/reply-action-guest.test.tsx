import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, useSessionStore } from 'shared';
import { Component as ApplicationPage } from '../../pages/application-page';
import { makeApplication, renderRoutes, setTestRuntimeConfig, stubApi } from '../../testing/render-route';

jest.mock('../map', () => jest.requireActual('../../testing/map-mock'));

// QA: a guest's «Откликнуться» sent to the login dialog with `redirect` = the path alone: the
// page's search and #hash were lost under the dialog and after the login.

const routes = [{ path: '/application/:id', Component: ApplicationPage }];
const published = () => makeApplication({ id: 42, customer: { id: 7, name: 'ООО «Ромашка»', type: 'organization' }, feedbackDeadline: '2099-12-31' });

beforeEach(() => {
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
  bus.clear();
});

test("a guest's «Откликнуться» keeps the page's search and #hash, under the dialog and in its redirect", async () => {
  stubApi({ 'application/get': () => ({ body: { data: published() } }) });
  const { location } = renderRoutes(routes, '/application/42?from=map#replies');

  const reply = await screen.findByRole('link', { name: 'Откликнуться' });
  // Back after the login with `reply=1`: the form opens by itself (reply-action.test).
  expect(reply).toHaveAttribute('href', `/application/42?from=map&auth=login&redirect=${encodeURIComponent('/application/42?from=map&reply=1#replies')}#replies`);
  await userEvent.click(reply);

  await waitFor(() => expect(new URLSearchParams(location().search).get('auth')).toBe('login'));
  expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({ from: 'map', auth: 'login', redirect: '/application/42?from=map&reply=1#replies' });
  expect(location().pathname).toBe('/application/42');
  expect(location().hash).toBe('#replies');
});

test("a guest's «Откликнуться» keeps the list the page was opened from: «Назад к заявкам» leads back to it under the dialog (QA XXX-1)", async () => {
  stubApi({ 'application/get': () => ({ body: { data: published() } }) });
  const from = '/application/search?query=баня&attributeSort=price&typeSort=desc';
  const { location } = renderRoutes(routes, { pathname: '/application/42', state: { from } });
  const back = await screen.findByRole('link', { name: /Назад к заявкам/ });
  expect(back).toHaveAttribute('href', from);

  await userEvent.click(await screen.findByRole('link', { name: 'Откликнуться' }));
  await waitFor(() => expect(new URLSearchParams(location().search).get('auth')).toBe('login'));
  expect(location().state).toEqual({ from });
  expect(screen.getByRole('link', { name: /Назад к заявкам/ })).toHaveAttribute('href', from);
});
