import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from 'shared';
import { fail, ok, renderRoutes, serveApi, setUpPageTests } from 'shared/testing';
import { Component as EmployeePage } from '../../pages/employee-page';
import { list, ME, organization, profileList, STAFF_AS_EMPLOYEE, STAFF_OF_MY_OWN, signInAs } from './testing/fixtures';

jest.setTimeout(20_000);

/**
 * The caller's own part changed under an open staff page (QA): the directorship handed over in
 * another tab or on another device, or he was removed with the notice missed. The server's 403
 * must bring the page up to date instead of leaving it offering what it refuses.
 */
const toasts = setUpPageTests(() => signInAs('organization'));

const OrganizationsStandIn = () => <h1>Организации</h1>;
const renderPage = () =>
  renderRoutes(
    [
      { path: '/lk/employee', Component: EmployeePage },
      { path: '/lk/organization', Component: OrganizationsStandIn },
    ],
    '/lk/employee',
  );

const card = (name: string) => screen.getByRole('article', { name: new RegExp(`^${name}`) });

test('a stale director tab: «Передать руководство» refused with 403 asks for the role again, and the page stops offering the director’s actions', async () => {
  // The page was drawn while he was the director; then he handed over in another tab, which this
  // one did not hear (the socket was down): the server knows him as an employee now.
  let handedOver = false;
  serveApi({
    'GET user/profile/list': () => ok(profileList(handedOver ? 'employee' : 'director')),
    'GET user/get/token': () => ok({ ...ME, activeProfileId: 20 }),
    'GET organization/get/profile': () => ok(organization(handedOver ? 'employee' : 'director')),
    'GET organization/employee/get-collection': () => ok(list(STAFF_OF_MY_OWN)),
    'GET organization/invite/get-collection': () => ok(list([])),
    'POST organization/director/update': () => fail(403, 'Это может сделать только руководитель организации'),
  });
  renderPage();
  const user = userEvent.setup();

  await user.click(await screen.findByRole('button', { name: 'Передать руководство: Ольга Сидорова' }));
  handedOver = true;
  const dialog = screen.getByRole('dialog', { name: 'Передать руководство?' });
  await user.click(within(dialog).getByRole('button', { name: 'Передать руководство' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Это может сделать только руководитель организации');
  expect(await screen.findByText('Вы сотрудник организации. Приглашать и исключать сотрудников может её руководитель.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Пригласить сотрудника' })).not.toBeInTheDocument();
});

test('a removed employee leaving from his stale page: the server’s «no longer a member» is said, and he is led to his organisations with his profiles asked again', async () => {
  // Removed by the director while the page was open; the server has moved him to no profile.
  let asked = false;
  const api = serveApi({
    'GET organization/get/profile': () => ok(organization('employee')),
    'GET organization/employee/get-collection': () => ok(list(STAFF_AS_EMPLOYEE)),
    'DELETE organization/employee/delete': () => {
      asked = true;
      return fail(403, 'Вы больше не состоите в организации');
    },
    'GET user/profile/list': () => ok(profileList(asked ? null : 'employee')),
    'GET user/get/token': () => ok({ ...ME, activeProfileId: asked ? null : 20 }),
  });
  renderPage();
  const user = userEvent.setup();
  await screen.findByText('Всего: 3 сотрудника');

  await user.click(within(card(ME.name)).getByRole('button', { name: 'Покинуть организацию' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Покинуть организацию?' })).getByRole('button', { name: 'Покинуть' }));

  expect(await screen.findByRole('heading', { name: 'Организации' })).toBeInTheDocument();
  // Said once, by the mutation's toast: the dialog that goes with the page adds no second one.
  expect(toasts.filter((toast) => toast.type === 'error')).toEqual([{ type: 'error', message: 'Вы больше не состоите в организации' }]);
  await waitFor(() => expect(useSessionStore.getState().profiles).toEqual([]));
  expect(api.callsTo('DELETE organization/employee/delete')).toHaveLength(1);
});
