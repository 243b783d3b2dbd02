import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type SessionProfile } from 'shared';
import { actAsProfile, setUpPageTests } from 'shared/testing';
import { Component as ApplicationPage } from '../../pages/application-page';
import { makeApplication, renderRoutes, stubApi } from '../../testing/render-route';

// This remote released before a shell whose `shared/lk` has what the reply form takes: the public
// page works, the form is refused where it loads, as a chunk that cannot be loaded is.
jest.mock('shared/shared-needs', () => {
  const actual = jest.requireActual<typeof import('shared/shared-needs')>('shared/shared-needs');
  return { ...actual, checkSharedNeeds: (account: boolean) => (account ? Promise.reject(new actual.SharedTooOld('нет newerWidget')) : Promise.resolve()) };
});
jest.mock('../map', () => jest.requireActual('../../testing/map-mock'));

const EXECUTOR: SessionProfile = { id: 21, type: 'executor', name: 'Пётр Сидоров', active: true };
const toasts = setUpPageTests(() => actAsProfile(EXECUTOR));

test("a reply form the shell's shared/lk is too old for says so in a toast and leaves the page as it was (QA BBB-1)", async () => {
  stubApi({
    'application/get': () => ({
      body: { data: makeApplication({ id: 42, customer: { id: 7, name: 'ООО «Ромашка»', type: 'organization' }, feedbackDeadline: '2099-12-31' }) },
    }),
  });
  const user = userEvent.setup();
  renderRoutes([{ path: '/application/:id', Component: ApplicationPage }], '/application/42');

  await user.click(await screen.findByRole('button', { name: 'Откликнуться' }));

  await waitFor(() => expect(toasts).toEqual([{ type: 'error', message: 'Не удалось загрузить форму отклика. Обновите страницу' }]));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
