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

function actAs(active: number | null, profiles: SessionProfile[] = [ORGANIZATION, OWN]) {
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
  expect(dialog).not.toHaveTextContent('Вы откликаетесь');
  expect(within(dialog).queryByRole('button', { name: /Переключиться/ })).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));
  expect(sent).toEqual([]);
  expect(within(dialog).getByLabelText('Комментарий')).toHaveValue('Отклик от организации');
});

test('removed from the organisation with no profile of his own left active: the dialog says the reply cannot go (QA AAU-1)', async () => {
  actAs(ORGANIZATION.id);
  const sent: unknown[] = [];
  stubApi({
    'application/get': () => ({ body: { data: published() } }),
    'application/reply/send': (_url, init) => (sent.push(init?.body), { status: 403, body: { message: 'Выберите профиль, чтобы работать с заявками', code: 'forbidden' } }),
  });
  const { user, dialog } = await openDialogTyped();

  // The profiles read again after the removal: the organisation is gone, and no profile is active.
  act(() => actAs(null, []));

  expect(within(dialog).getByRole('alert')).toHaveTextContent('Отклик пишется от имени профиля ООО «СтройИнвест», к которому у вас больше нет доступа: отправить его нельзя');
  // Not «Вы откликаетесь от имени организации…» beside it (QA AAW-1).
  expect(dialog).toHaveTextContent('Отклик писался от имени организации ООО «СтройИнвест».');
  expect(dialog).not.toHaveTextContent('Вы откликаетесь');
  expect(within(dialog).getByRole('button', { name: 'Отправить отклик' })).toHaveAttribute('aria-disabled', 'true');
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

/*
 * QA VV-1: the dialog once open stays whatever the new active profile may do about replying — a
 * customer's profile, one that has replied already, the application's own customer: the page under
 * it says so, and the dialog keeps the text, says for whom it was written and offers the switch back.
 */
const CUSTOMER: SessionProfile = { id: 5, type: 'customer', name: 'Иван Петров', active: false };
const APPLICATION_CUSTOMER: SessionProfile = { id: 3, type: 'customer', name: 'Иван Петров', active: false };
const OWN_REPLY = { id: 300, applicationId: 25, executor: { id: OWN.id, name: OWN.name, type: 'executor' }, price: null, comment: 'Свой отклик', status: 'active', createdAt: '2026-11-23T09:00:00Z' };
const SENT_REPLY = { id: 301, applicationId: 25, executor: { id: 7, name: ORGANIZATION.name, type: 'organization' }, price: null, comment: 'Отклик от организации', status: 'active', createdAt: '2026-11-23T10:00:00Z' };
const STILL_MINE = 'Отклик пишется от имени профиля ООО «СтройИнвест», а активен теперь другой профиль: переключитесь на него, чтобы отправить';

/** The application's page with the reply form; `answers` are the reply sends' answers in turn (then 200). */
function stubReplyApi(application: ReturnType<typeof published>, answers: { status: number; body: unknown }[] = []) {
  const sent: unknown[] = [];
  const switches: unknown[] = [];
  stubApi({
    'application/get': () => ({ body: { data: application } }),
    'application/reply/send': (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return answers.shift() ?? { body: { data: SENT_REPLY, message: 'Отклик отправлен' } };
    },
    'user/profile/update': (_url, init) => {
      switches.push(JSON.parse(String(init?.body)));
      return { body: { data: { profile: { ...ORGANIZATION, active: true }, user: { id: 2, phone: '79990000002', name: 'Иван Петров', email: null, activeProfileId: 7 } } } };
    },
  });
  return { sent, switches };
}

/** The switch back offered in the dialog, and the reply it then sends. */
async function switchBackAndSend(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, sent: unknown[], switches: unknown[]) {
  await user.click(within(dialog).getByRole('button', { name: 'Переключиться на профиль ООО «СтройИнвест»' }));
  await waitFor(() => expect(switches).toEqual([{ id: 7 }]));
  act(() => actAs(ORGANIZATION.id, [ORGANIZATION, OWN, CUSTOMER, APPLICATION_CUSTOMER]));
  await waitFor(() => expect(within(dialog).queryByRole('button', { name: /Переключиться/ })).not.toBeInTheDocument());
  // Only the owner notice was said: with it gone, nothing stale stands in its place (QA VV-2).
  expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));
  await waitFor(() => expect(sent.at(-1)).toEqual({ id: 25, comment: 'Отклик от организации', seenPrice: published().price }));
}

test.each([
  { case: 'a customer profile', to: CUSTOMER, application: published(), page: 'Откликаться могут исполнители и организации: переключите профиль в меню аккаунта.' },
  { case: 'the application’s own customer', to: APPLICATION_CUSTOMER, application: published(), page: 'Это ваша заявка.' },
  { case: 'a profile that has replied already', to: OWN, application: { ...published(), replies: [OWN_REPLY] }, page: 'Вы откликнулись на заявку.' },
])('switched elsewhere to $case while the dialog is open: it stays with the text, says for whom it was written, and the switch back sends it', async ({ to, application, page }) => {
  actAs(ORGANIZATION.id, [ORGANIZATION, OWN, CUSTOMER, APPLICATION_CUSTOMER]);
  const { sent, switches } = stubReplyApi(application);
  const { user, dialog } = await openDialogTyped();

  act(() => actAs(to.id, [ORGANIZATION, OWN, CUSTOMER, APPLICATION_CUSTOMER]));

  expect(screen.getByRole('dialog', { name: 'Отклик на заявку' })).toBe(dialog);
  expect(within(dialog).getByRole('alert')).toHaveTextContent(STILL_MINE);
  expect(within(dialog).getByLabelText('Комментарий')).toHaveValue('Отклик от организации');
  // The page under the dialog says what the active profile may do now.
  expect(screen.getByText(page, { exact: false })).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));
  expect(sent).toEqual([]);

  await switchBackAndSend(user, dialog, sent, switches);
});

test('the server says the active profile changed to a customer profile (this tab not told yet): the dialog stays through the resync, with the owner notice in place of the server’s words', async () => {
  actAs(ORGANIZATION.id, [ORGANIZATION, OWN, CUSTOMER, APPLICATION_CUSTOMER]);
  const message = 'Активный профиль сменился в другой вкладке или на другом устройстве: сейчас «Иван Петров». Проверьте, от чьего имени вы действуете, и повторите.';
  const { sent, switches } = stubReplyApi(published(), [{ status: 409, body: { message, code: 'profile_changed' } }]);
  const { user, dialog } = await openDialogTyped();
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);

  // The shell reads the profiles again (user:changed): the customer profile is the active one.
  act(() => actAs(CUSTOMER.id, [ORGANIZATION, OWN, CUSTOMER, APPLICATION_CUSTOMER]));

  expect(screen.getByRole('dialog', { name: 'Отклик на заявку' })).toBe(dialog);
  expect(within(dialog).getByRole('alert')).toHaveTextContent(STILL_MINE);
  expect(within(dialog).getByLabelText('Комментарий')).toHaveValue('Отклик от организации');
  await switchBackAndSend(user, dialog, sent, switches);
});

/*
 * QA VV-2: the server's 409 text said before the tab knew of the switch does not come back once the
 * switch back is made: the profile it named is no longer the active one.
 */
test('after the 409 and the switch back offered by the dialog, the stale «сейчас …» text does not come back as its alert', async () => {
  actAs(ORGANIZATION.id);
  const message = 'Активный профиль сменился в другой вкладке или на другом устройстве: сейчас «Исполнитель». Проверьте, от чьего имени вы действуете, и повторите.';
  const { sent, switches } = stubReplyApi(published(), [{ status: 409, body: { message, code: 'profile_changed' } }]);
  const { user, dialog } = await openDialogTyped();
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);

  act(() => actAs(OWN.id));
  expect(within(dialog).getByRole('alert')).toHaveTextContent(STILL_MINE);

  await switchBackAndSend(user, dialog, sent, switches);
  expect(sent).toHaveLength(2);
});
