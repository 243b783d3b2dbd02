import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from 'shared';
import { fail, renderRoutes, setUpPageTests } from 'shared/testing';
import { Component as MoneyPage } from '../../pages/money-page';
import { REQUISITE_NOT_DELETED } from './components/requisite-delete-dialog';
import { WITHDRAWAL_NOT_DONE } from './components/withdraw-dialog';
import { serveMoney, signInAs } from './testing';

/**
 * A write from a dialog of /lk/money refused with 409 `profile_changed` (the user switched to his
 * organisation in another tab or on another device, this tab not told yet; QA TT-1). The tab
 * resyncs (here: the shell's part played by the test), the page becomes the organisation's and the
 * dialog closes with it: the refusal is the page's news, an announced error toast of its full time
 * that the dialog's close does not end, saying what was not done.
 */
const toasts = setUpPageTests(() => signInAs('executor'));

const CHANGED = 'Активный профиль сменился в другой вкладке или на другом устройстве: сейчас «ООО «Ромашка»». Проверьте, от чьего имени вы действуете, и повторите.';
const changed = () => fail(409, CHANGED, { code: 'profile_changed' });
const renderPage = () => renderRoutes([{ path: '/lk/money', Component: MoneyPage }], '/lk/money');

/** The shell's resync on `session:profile-changed`, and the ends of a form's failure seen. */
function resyncToOrganization() {
  const ends: unknown[] = [];
  bus.on('session:profile-changed', () => setTimeout(() => signInAs('organization', 20)));
  bus.on('toast:form-failure-over', (end) => ends.push(end));
  return ends;
}

async function expectRefusalOutlivesDialog(ends: unknown[], notDone: string) {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // The page is the organisation's now.
  expect(screen.getByText('Деньги за выполненные заявки и возвраты оплаты, история операций и вывод на банковский счёт.')).toBeInTheDocument();
  const said = `${notDone}: активный профиль сменился в другой вкладке или на другом устройстве: сейчас «ООО «Ромашка»». Проверьте, от чьего имени вы действуете, и повторите.`;
  // Announced (not silent: the dialog's alert went with the dialog), and not ended by its close.
  expect(toasts.filter((toast) => toast.type === 'error')).toEqual([{ type: 'error', message: said }]);
  expect(ends).toEqual([]);
}

test('«Вывести» refused for a profile no longer active: «Вывод не выполнен: …» outlives the dialog the resync closes', async () => {
  serveMoney({ 'POST balance/refund_virtual_account': changed });
  const ends = resyncToOrganization();
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Вывести средства' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Вывод средств' }));
  await userEvent.type(dialog.getByLabelText('Сумма, ₽'), '100');
  await userEvent.click(dialog.getByRole('button', { name: 'Вывести' }));
  await expectRefusalOutlivesDialog(ends, WITHDRAWAL_NOT_DONE);
});

test('«Удалить реквизиты?» refused for a profile no longer active: «Реквизиты не удалены: …» outlives the dialog', async () => {
  serveMoney({ 'DELETE bank-requisite/delete': changed });
  const ends = resyncToOrganization();
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Удалить реквизиты «Иван Петров», счёт 40817810899910004312' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Удалить реквизиты?' }));
  await userEvent.click(dialog.getByRole('button', { name: 'Удалить' }));
  await expectRefusalOutlivesDialog(ends, REQUISITE_NOT_DELETED);
});
