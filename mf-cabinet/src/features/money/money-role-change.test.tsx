import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, renderRoutes, setUpPageTests } from 'shared/testing';
import { Component as MoneyPage } from '../../pages/money-page';
import { serveMoney, signInAs } from './testing';

/**
 * /lk/money as an organisation's director who handed the directorship over in another tab or on
 * another device: the page still offers the director's actions, which the server refuses with 403
 * («Это может сделать только руководитель организации»). The refusal brings the role up to date,
 * as on the organisation's pages: the page stops offering what was refused.
 */
setUpPageTests(() => signInAs('organization', 20));

const DIRECTOR_ONLY = 'Это может сделать только руководитель организации';
const renderPage = () => renderRoutes([{ path: '/lk/money', Component: MoneyPage }], '/lk/money');

function serveHandedOver() {
  let handedOver = false;
  const refused = () => {
    handedOver = true;
    return fail(403, DIRECTOR_ONLY);
  };
  return serveMoney({
    'GET user/profile/list': () => ok({ items: [{ id: 20, type: 'organization', name: 'ООО «Ромашка»', active: true, role: handedOver ? 'employee' : 'director' }] }),
    'GET user/get/token': () => ok({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: 20 }),
    'POST balance/refund_virtual_account': refused,
    'PUT bank-requisite/update': refused,
    'DELETE bank-requisite/delete': refused,
  });
}

/** What an employee's page says instead of the director's actions. */
async function expectEmployeePage() {
  expect(await screen.findByText('Выводить средства организации может только её руководитель.')).toBeInTheDocument();
  expect(screen.getByText('Реквизиты организации добавляет и изменяет её руководитель.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^(Вывести средства|Добавить реквизиты|Изменить реквизиты|Удалить реквизиты)/ })).not.toBeInTheDocument();
}

test('«Вывести» refused with 403: the dialog says why, and the page under it no longer offers the withdrawal or the requisites’ changes', async () => {
  const api = serveHandedOver();
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Вывести средства' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Вывод средств' }));
  await userEvent.type(dialog.getByLabelText('Сумма, ₽'), '100');
  const roleReads = api.callsTo('GET user/profile/list').length;
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));

  expect(await dialog.findByRole('alert')).toHaveTextContent(DIRECTOR_ONLY);
  await waitFor(() => expect(api.callsTo('GET user/profile/list').length).toBeGreaterThan(roleReads));
  // The typed amount asks before it is dropped.
  await userEvent.keyboard('{Escape}');
  await userEvent.click(await screen.findByRole('button', { name: 'Закрыть' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await expectEmployeePage();
});

test('changing requisites refused with 403: the same', async () => {
  serveHandedOver();
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Изменить реквизиты «Иван Петров», счёт 40817810899910004312' }));
  const form = within(await screen.findByRole('dialog', { name: 'Изменить реквизиты' }));
  await userEvent.click(form.getByRole('button', { name: 'Сохранить' }));

  await waitFor(() => expect(screen.getByText(DIRECTOR_ONLY)).toBeInTheDocument());
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await expectEmployeePage();
});

test('deleting a requisite refused with 403: the same', async () => {
  serveHandedOver();
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Удалить реквизиты «Иван Петров», счёт 40817810899910004312' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Удалить реквизиты?' }));
  await userEvent.click(dialog.getByRole('button', { name: 'Удалить' }));

  await waitFor(() => expect(screen.getByText(DIRECTOR_ONLY)).toBeInTheDocument());
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await expectEmployeePage();
});
