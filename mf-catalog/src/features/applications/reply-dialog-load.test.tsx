import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type SessionProfile } from 'shared';
import { actAsProfile, setUpPageTests } from 'shared/testing';
import { Component as ApplicationPage } from '../../pages/application-page';
import { makeApplication, renderRoutes, stubApi } from '../../testing/render-route';

// The reply form is a chunk of its own (it needs shared/lk); here it cannot be loaded, as when the
// remote was redeployed under an open page or the network dropped.
jest.mock('./components/reply-dialog', () => {
  throw new Error('Loading chunk reply-dialog failed');
});
jest.mock('../map', () => jest.requireActual('../../testing/map-mock'));

const EXECUTOR: SessionProfile = { id: 21, type: 'executor', name: 'Пётр Сидоров', active: true };
const toasts = setUpPageTests(() => actAsProfile(EXECUTOR));

test('a reply form that cannot be loaded says so in a toast and leaves the page as it was', async () => {
  stubApi({
    'application/get': () => ({
      body: { data: makeApplication({ id: 42, customer: { id: 7, name: 'ООО «Ромашка»', type: 'organization' }, feedbackDeadline: '2099-12-31' }) },
    }),
  });
  const user = userEvent.setup();
  renderRoutes([{ path: '/application/:id', Component: ApplicationPage }], '/application/42');

  const reply = await screen.findByRole('button', { name: 'Откликнуться' });
  await user.click(reply);

  await waitFor(() => expect(toasts).toEqual([{ type: 'error', message: 'Не удалось загрузить форму отклика. Обновите страницу' }]));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Откликнуться' })).toBeEnabled();
});
