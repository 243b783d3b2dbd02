import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, useSessionStore, type SessionProfile } from 'shared';
import { Component as ApplicationPage } from '../../pages/application-page';
import { makeApplication, renderRoutes, setTestRuntimeConfig, stubApi } from '../../testing/render-route';

jest.mock('../map', () => jest.requireActual('../../testing/map-mock'));

/*
 * QA RR-1: the reply goes as the active profile. Once another one is active than the one the
 * dialog was opened as (switched in another tab, or the director removed the employee), the dialog
 * keeps the text, sends nothing, says for whom it was written and offers the switch back.
 */
const routes = [{ path: '/application/:id', Component: ApplicationPage }];
const ORGANIZATION: SessionProfile = { id: 7, type: 'organization', name: 'ООО «СтройИнвест»', active: true };
const OWN: SessionProfile = { id: 16, type: 'executor', name: 'Иван Петров', active: false };
const published = () => makeApplication({ id: 25, customer: { id: 3, name: 'Анна Смирнова', type: 'customer' }, feedbackDeadline: '2099-12-31' });
const toasts: { type: string; message: string }[] = [];

function actAs(active: number, profiles: SessionProfile[] = [ORGANIZATION, OWN]) {
  useSessionStore.getState().setTokens('token', 'refresh');
  useSessionStore.setState({ user: { id: 2, phone: '79990000002', name: 'Иван Петров', email: null, activeProfileId: active } });
  useSessionStore.getState().setProfiles(profiles.map((p) => ({ ...p, active: p.id === active })));
}

beforeEach(() => {
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
  bus.clear();
  toasts.length = 0;
  bus.on('toast:show', (t) => toasts.push(t));
});
afterEach(() => useSessionStore.getState().clear());

async function openDialogTyped() {
  const user = userEvent.setup();
  renderRoutes(routes, '/application/25?reply=1');
  const dialog = await screen.findByRole('dialog', { name: 'Отклик на заявку' });
  expect(dialog).toHaveTextContent('Вы откликаетесь от имени организации ООО «СтройИнвест»');
  await user.type(within(dialog).getByLabelText('Комментарий'), 'Отклик от организации');
  return { user, dialog };
}

test('a switch made in another tab while the dialog is open: nothing is sent, the text stays, and the switch back sends it', async () => {
  actAs(ORGANIZATION.id);
  const sent: unknown[] = [];
  const switches: unknown[] = [];
  stubApi({
    'application/get': () => ({ body: { data: published() } }),
    'application/reply/send': (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return { body: { data: { id: 301, applicationId: 25, executor: { id: 7, name: ORGANIZATION.name, type: 'organization' }, price: null, comment: 'Отклик от организации', status: 'active', createdAt: '2026-11-23T10:00:00Z' }, message: 'Отклик отправлен' } };
    },
    'user/profile/update': (_url, init) => {
      switches.push(JSON.parse(String(init?.body)));
      return { body: { data: { profile: { ...ORGANIZATION, active: true }, user: { id: 2, phone: '79990000002', name: 'Иван Петров', email: null, activeProfileId: 7 } } } };
    },
  });
  const { user, dialog } = await openDialogTyped();

  // The other tab's switch reaches this one (user:changed → the profiles read again).
  act(() => actAs(OWN.id));

  expect(within(dialog).getByRole('alert')).toHaveTextContent('Отклик пишется от имени профиля ООО «СтройИнвест», а активен теперь другой профиль: переключитесь на него, чтобы отправить');
  // Still the organisation's words, not «…сможет выбрать вас исполнителем».
  expect(dialog).toHaveTextContent('Вы откликаетесь от имени организации ООО «СтройИнвест»');
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));
  expect(sent).toEqual([]);
  expect(within(dialog).getByLabelText('Комментарий')).toHaveValue('Отклик от организации');

  await user.click(within(dialog).getByRole('button', { name: 'Переключиться на профиль ООО «СтройИнвест»' }));
  await waitFor(() => expect(switches).toEqual([{ id: 7 }]));
  act(() => actAs(ORGANIZATION.id));
  await waitFor(() => expect(within(dialog).queryByRole('button', { name: /Переключиться/ })).not.toBeInTheDocument());
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));
  await waitFor(() => expect(sent).toEqual([{ id: 25, comment: 'Отклик от организации', seenPrice: published().price }]));
});

test('removed from the organisation meanwhile: the dialog says the reply cannot go, with no switch to offer', async () => {
  actAs(ORGANIZATION.id);
  const sent: unknown[] = [];
  stubApi({
    'application/get': () => ({ body: { data: published() } }),
    'application/reply/send': (_url, init) => (sent.push(init?.body), { status: 500, body: { message: 'не должен уйти', code: 'x' } }),
  });
  const { user, dialog } = await openDialogTyped();

  act(() => actAs(OWN.id, [OWN]));

  expect(within(dialog).getByRole('alert')).toHaveTextContent('Отклик пишется от имени профиля ООО «СтройИнвест», к которому у вас больше нет доступа: отправить его нельзя');
  expect(within(dialog).queryByRole('button', { name: /Переключиться/ })).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));
  expect(sent).toEqual([]);
  expect(within(dialog).getByLabelText('Комментарий')).toHaveValue('Отклик от организации');
});

test('the server says the active profile changed (this tab not told yet): the dialog stays with the text and the server’s words', async () => {
  actAs(ORGANIZATION.id);
  const message = 'Активный профиль сменился в другой вкладке или на другом устройстве: сейчас «Исполнитель». Проверьте, от чьего имени вы действуете, и повторите.';
  const headers: unknown[] = [];
  stubApi({
    'application/get': () => ({ body: { data: published() } }),
    'application/reply/send': (_url, init) => (headers.push((init?.headers as Record<string, string>)['X-Profile-Id']), { status: 409, body: { message, code: 'profile_changed' } }),
  });
  const { user, dialog } = await openDialogTyped();
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  expect(headers).toEqual(['7']);
  expect(screen.getByRole('dialog', { name: 'Отклик на заявку' })).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Комментарий')).toHaveValue('Отклик от организации');
});
