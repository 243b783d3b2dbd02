import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSessionStore } from '../session/session-store';
import { renderRoutes } from '../testing/render-routes';
import { FormDialog, LEAVE_TYPED_DESCRIPTION } from './form-dialog';

/**
 * QA YY-1: a form in a dialog (an invite, requisites: a sheet over the whole screen of a phone) lost
 * what was typed to the browser's Back with no question, where its ×, Escape and backdrop ask. Leaving
 * the page asks as a page's form does: «Уйти без сохранения?».
 */
beforeEach(() => useSessionStore.getState().setTokens('access-1', 'refresh-1'));
afterEach(() => useSessionStore.getState().clear());

function Staff() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <h1>Сотрудники</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Пригласить сотрудника
      </button>
      {open && (
        <FormDialog title="Приглашение" submitLabel="Отправить приглашение" pending={false} onSubmit={() => undefined} onClose={() => setOpen(false)}>
          <label>
            Телефон
            <input />
          </label>
        </FormDialog>
      )}
    </>
  );
}

const Cabinet = () => <Link to="/lk/employee">Сотрудники</Link>;

async function openInvite() {
  const page = renderRoutes(
    [
      { path: '/lk', Component: Cabinet },
      { path: '/lk/employee', Component: Staff },
    ],
    '/lk',
  );
  fireEvent.click(screen.getByRole('link', { name: 'Сотрудники' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Пригласить сотрудника' }));
  return page;
}

test('Back with a typed entry asks first: «Отмена» keeps the page, the dialog and what was typed; «Уйти без сохранения» leaves', async () => {
  const { location, go } = await openInvite();
  const phone = screen.getByRole('textbox', { name: 'Телефон' });
  fireEvent.change(phone, { target: { value: '+7 999 123-45-67' } });

  await go(-1);
  let asked = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
  expect(asked).toHaveAccessibleDescription(LEAVE_TYPED_DESCRIPTION);
  fireEvent.click(within(asked).getByRole('button', { name: 'Отмена' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Уйти без сохранения?' })).not.toBeInTheDocument());
  expect(location().pathname).toBe('/lk/employee');
  expect(screen.getByRole('dialog', { name: 'Приглашение' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Телефон' })).toHaveValue('+7 999 123-45-67');

  await go(-1);
  asked = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
  fireEvent.click(within(asked).getByRole('button', { name: 'Уйти без сохранения' }));
  await waitFor(() => expect(location().pathname).toBe('/lk'));
});

test('Back with nothing typed (or typed and put back) leaves at once', async () => {
  const { location, go } = await openInvite();
  const phone = screen.getByRole('textbox', { name: 'Телефон' });
  fireEvent.change(phone, { target: { value: '9' } });
  fireEvent.change(phone, { target: { value: '' } });
  await go(-1);
  await waitFor(() => expect(location().pathname).toBe('/lk'));
  expect(screen.queryByRole('dialog', { name: 'Уйти без сохранения?' })).not.toBeInTheDocument();
});
