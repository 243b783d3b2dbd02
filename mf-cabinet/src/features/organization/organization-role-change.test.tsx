import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, renderRoutes, serveApi, setUpPageTests } from 'shared/testing';
import { Component as ListPage } from '../../pages/organization-list-page';
import { listed, makeOrganization, ME, orgProfile, signIn } from './testing/fixtures';

jest.setTimeout(20_000);

/**
 * A stale director tab (QA): the directorship was handed over in another tab or on another device,
 * and this one went on showing «Ваша роль: Руководитель» with «Изменить данные» and «Удалить
 * организацию», whose calls the server refuses with 403. The refusal brings the role up to date.
 */
setUpPageTests(() => signIn([{ id: 20, type: 'organization', name: 'ООО «Ромашка»' }], 20));

const details = () => screen.getByRole('region', { name: 'Активная организация' });
const role = () => within(details()).getByText('Ваша роль').nextElementSibling;

function serveHandedOver() {
  let handedOver = false;
  const director = makeOrganization();
  const employee = makeOrganization({ role: 'employee', director: { userId: 3, name: 'Анна Смирнова' } });
  const refused = () => {
    handedOver = true;
    return fail(403, 'Это может сделать только руководитель организации');
  };
  serveApi({
    'GET organization/get-collection': () => ok({ items: [listed(handedOver ? employee : director)] }),
    'GET organization/get/profile': () => ok(handedOver ? employee : director),
    'POST organization/update': refused,
    'DELETE organization/delete': refused,
    'GET user/profile/list': () => ok({ items: [{ ...orgProfile(director), role: handedOver ? 'employee' : 'director' }] }),
    'GET user/get/token': () => ok({ ...ME, activeProfileId: 20 }),
  });
}

test('«Сохранить» refused with 403: the dialog says why, and the page under it shows the role the server knows, without the director’s actions', async () => {
  serveHandedOver();
  renderRoutes([{ path: '/lk/organization', Component: ListPage }], '/lk/organization');
  const user = userEvent.setup();

  await user.click(await screen.findByRole('button', { name: 'Изменить данные' }));
  expect(role()).toHaveTextContent('Руководитель');
  const dialog = screen.getByRole('dialog', { name: 'Данные организации' });
  await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Это может сделать только руководитель организации');
  await waitFor(() => expect(role()).toHaveTextContent('Сотрудник'));
  expect(within(details()).getByText('Анна Смирнова')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
  expect(screen.queryByRole('button', { name: 'Изменить данные' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Удалить организацию' })).not.toBeInTheDocument();
});

test('«Удалить» refused with 403: the same', async () => {
  serveHandedOver();
  renderRoutes([{ path: '/lk/organization', Component: ListPage }], '/lk/organization');
  const user = userEvent.setup();

  await user.click(await screen.findByRole('button', { name: 'Удалить организацию' }));
  const dialog = screen.getByRole('dialog', { name: 'Удалить организацию?' });
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Это может сделать только руководитель организации');
  await waitFor(() => expect(role()).toHaveTextContent('Сотрудник'));
});
