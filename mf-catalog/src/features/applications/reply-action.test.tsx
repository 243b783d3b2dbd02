import { act, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { bus, useSessionStore, type SessionProfile } from 'shared';
import { actAsProfile } from 'shared/testing';
import { Component as ApplicationPage } from '../../pages/application-page';
import { makeApplication, renderRoutes, setTestRuntimeConfig, stubApi } from '../../testing/render-route';

jest.mock('../map', () => jest.requireActual('../../testing/map-mock'));

const routes = [{ path: '/application/:id', Component: ApplicationPage }];
const OWNER: SessionProfile = { id: 7, type: 'organization', name: 'ООО «Ромашка»', active: true };
const EXECUTOR: SessionProfile = { id: 21, type: 'executor', name: 'Пётр Сидоров', active: true };
const toasts: unknown[] = [];


const published = () => makeApplication({ id: 42, customer: { id: OWNER.id, name: OWNER.name, type: 'organization' }, feedbackDeadline: '2099-12-31' });

beforeEach(() => {
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
  bus.clear();
  toasts.length = 0;
  bus.on('toast:show', (t) => toasts.push(t));
});

afterEach(() => useSessionStore.getState().clear());

test('a guest is sent to the login dialog, coming back to this application', async () => {
  stubApi({ 'application/get': () => ({ body: { data: published() } }) });
  const user = userEvent.setup();
  const { location } = renderRoutes(routes, '/application/42');

  const reply = await screen.findByRole('link', { name: 'Откликнуться' });
  await user.click(reply);

  // The router commits a navigation in a transition: wait for it rather than read it at once.
  // The login comes back to this application asking for the reply form (`reply=1`).
  await waitFor(() => expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({ auth: 'login', redirect: '/application/42?reply=1' }));
  expect(location().pathname).toBe('/application/42');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('past the reply deadline a guest is told replies are over, not offered «Откликнуться»; the status says it too (QA AAE-4)', async () => {
  stubApi({ 'application/get': () => ({ body: { data: { ...published(), feedbackDeadline: '2000-01-01' } } }) });
  renderRoutes(routes, '/application/42');
  expect(await screen.findByText('Приём откликов по заявке завершён.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Откликнуться' })).not.toBeInTheDocument();
  expect(screen.getByText('Приём откликов завершён')).toHaveClass('application-status--replies-over');
  expect(screen.queryByText('Приём откликов')).not.toBeInTheDocument();
});

test('back from the login «Откликнуться» asked for, an executor finds the reply form open, and the address forgets the wish', async () => {
  actAsProfile(EXECUTOR);
  stubApi({ 'application/get': () => ({ body: { data: published() } }) });
  const { location } = renderRoutes(routes, '/application/42?from=map&reply=1#replies');
  expect(await screen.findByRole('dialog', { name: 'Отклик на заявку' })).toBeInTheDocument();
  await waitFor(() => expect(location().search).toBe('?from=map'));
  expect(location().hash).toBe('#replies');
});

test('back from choosing a profile (a new user), the copy of the application read without one is read again: the form opens once it lists the reply', async () => {
  actAsProfile(EXECUTOR);
  let reads = 0;
  // Read before the profile existed: no reply among its actions; read again for the executor: there is.
  stubApi({ 'application/get': () => ({ body: { data: { ...published(), allowedActions: reads++ === 0 ? [] : ['application/reply/send'] } } }) });
  const { location } = renderRoutes(routes, '/application/42?reply=1');
  expect(await screen.findByRole('dialog', { name: 'Отклик на заявку' })).toBeInTheDocument();
  expect(reads).toBe(2);
  await waitFor(() => expect(location().search).toBe(''));
});

test('back from that login, a copy read as a guest that looks open is read again: a profile that has replied gets no form (QA AAE-2)', async () => {
  actAsProfile(EXECUTOR);
  let reads = 0;
  const myReply = { id: 301, applicationId: 42, executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' }, price: null, comment: 'Готов', status: 'active', createdAt: '2026-11-23T10:00:00Z' };
  // The guest's copy has neither replies nor actions; the executor's says he has replied.
  stubApi({
    'application/get': () => ({ body: { data: reads++ === 0 ? published() : { ...published(), replies: [myReply], allowedActions: ['application/reply/remove'] } } }),
  });
  const { location } = renderRoutes(routes, '/application/42?reply=1');
  await waitFor(() => expect(location().search).toBe(''));
  expect(reads).toBe(2);
  expect(await screen.findByText(/Вы откликнулись на заявку/)).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('read again, an application that still lists no reply for this profile opens no form, and the address forgets the wish', async () => {
  actAsProfile(EXECUTOR);
  let reads = 0;
  stubApi({ 'application/get': () => ((reads += 1), { body: { data: { ...published(), allowedActions: [] } } }) });
  const { location } = renderRoutes(routes, '/application/42?reply=1');
  await waitFor(() => expect(location().search).toBe(''));
  expect(reads).toBe(2);
  expect(await screen.findByText('Приём откликов по заявке завершён.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('back from that login as a customer profile: no form, the page says why, and the address forgets the wish', async () => {
  actAsProfile({ id: 30, type: 'customer', name: 'Анна Заказова', active: true });
  stubApi({ 'application/get': () => ({ body: { data: published() } }) });
  const { location } = renderRoutes(routes, '/application/42?reply=1');
  expect(await screen.findByText(/Откликаться могут исполнители и организации/)).toBeInTheDocument();
  await waitFor(() => expect(location().search).toBe(''));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test("a signed-in customer profile is told to switch profiles while replies are open, though the server's actions for it hold no reply", async () => {
  actAsProfile({ id: 30, type: 'customer', name: 'Анна Заказова', active: true });
  // A signed-in caller's answer carries its allowed actions; a customer profile may never reply.
  stubApi({ 'application/get': () => ({ body: { data: { ...published(), allowedActions: [] } } }) });
  renderRoutes(routes, '/application/42');
  expect(await screen.findByText(/Откликаться могут исполнители и организации/)).toBeInTheDocument();
  expect(screen.queryByText('Приём откликов по заявке завершён.')).not.toBeInTheDocument();
});

test('an executor profile refused a reply while replies are open hears the server’s reason, not that they are over (QA AAB-4)', async () => {
  actAsProfile(EXECUTOR);
  const reason = 'Нельзя откликнуться на свою заявку или на заявку своей организации';
  stubApi({ 'application/get': () => ({ body: { data: { ...published(), allowedActions: [], actionsWithheld: reason } } }) });
  renderRoutes(routes, '/application/42');
  expect(await screen.findByText(reason)).toBeInTheDocument();
  expect(screen.queryByText('Приём откликов по заявке завершён.')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Откликнуться' })).not.toBeInTheDocument();
});

test('a customer profile on an application whose replies are over hears that they are over', async () => {
  actAsProfile({ id: 30, type: 'customer', name: 'Анна Заказова', active: true });
  stubApi({ 'application/get': () => ({ body: { data: { ...published(), feedbackDeadline: '2000-01-01', allowedActions: [] } } }) });
  renderRoutes(routes, '/application/42');
  expect(await screen.findByText('Приём откликов по заявке завершён.')).toBeInTheDocument();
});

test('the reply form opened on coming back from the login gives the focus to «Откликнуться» when it closes', async () => {
  actAsProfile(EXECUTOR);
  stubApi({ 'application/get': () => ({ body: { data: published() } }) });
  const user = userEvent.setup();
  renderRoutes(routes, '/application/42?reply=1');
  const dialog = await screen.findByRole('dialog', { name: 'Отклик на заявку' });
  await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Откликнуться' })).toHaveFocus();
});

test('an executor replies with a price and a required comment, then is led to the application in the cabinet', async () => {
  actAsProfile(EXECUTOR);
  const sent: unknown[] = [];
  stubApi({
    'application/get': () => ({ body: { data: published() } }),
    'application/reply/send': (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return { body: { data: { id: 301, applicationId: 42, executor: { id: 21, name: 'Пётр Сидоров', type: 'executor' }, price: 10000, comment: 'Сделаю за три дня', status: 'active', createdAt: '2026-11-23T10:00:00Z' }, message: 'Отклик отправлен заказчику' } };
    },
  });
  const user = userEvent.setup();
  renderRoutes(routes, '/application/42');

  await user.click(await screen.findByRole('button', { name: 'Откликнуться' }));
  // The dialog is its own chunk, loaded when the button is pressed (it needs shared/lk).
  const dialog = await screen.findByRole('dialog', { name: 'Отклик на заявку' });
  // The focus starts at the first field, as the form reads: a keyboard user does not go back for the price.
  await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Ваша цена/ })).toHaveFocus());
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));
  expect(within(dialog).getByText('Напишите комментарий к отклику')).toBeInTheDocument();
  expect(sent).toHaveLength(0);

  await user.type(within(dialog).getByLabelText('Ваша цена, ₽ (необязательно)'), '10 000');
  // The price typed leaves the comment's message; the comment typed takes it away (QA SSS-3).
  expect(within(dialog).getByLabelText('Комментарий')).toHaveAttribute('aria-invalid', 'true');
  await user.type(within(dialog).getByLabelText('Комментарий'), 'Сделаю за три дня');
  expect(within(dialog).getByLabelText('Комментарий')).not.toHaveAttribute('aria-invalid');
  expect(within(dialog).queryByText('Напишите комментарий к отклику')).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));

  const link = await screen.findByRole('link', { name: 'Перейти к заявке в личном кабинете' });
  expect(link).toHaveAttribute('href', '/lk/application/detail/42');
  expect(link).toHaveFocus();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  // The price the page showed goes with it (the application's price a reply without its own agrees to).
  expect(sent).toEqual([{ id: 42, price: 10000, comment: 'Сделаю за три дня', seenPrice: published().price }]);
  expect(toasts).toEqual([{ type: 'success', message: 'Отклик отправлен заказчику' }]);
  expect(screen.queryByRole('button', { name: 'Откликнуться' })).not.toBeInTheDocument();
});

/** Opens the reply form on /application/42 and sends a comment; answers the dialog. */
async function sendReplyFromPage() {
  const user = userEvent.setup();
  renderRoutes(routes, '/application/42');
  await user.click(await screen.findByRole('button', { name: 'Откликнуться' }));
  // The dialog is its own chunk, loaded when the button is pressed (it needs shared/lk).
  const dialog = await screen.findByRole('dialog', { name: 'Отклик на заявку' });
  await user.type(within(dialog).getByLabelText('Комментарий'), 'Готов приступить завтра');
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));
  return dialog;
}

test('a reply whose dialog was closed («Отмена») while it went is still said to have gone (QA O-9)', async () => {
  actAsProfile(EXECUTOR);
  let answer: (() => void) | undefined;
  stubApi({
    'application/get': () => ({ body: { data: published() } }),
    'application/reply/send': () =>
      new Promise((resolve) => {
        answer = () => resolve({ body: { data: { id: 301, applicationId: 42, executor: { id: 21, name: 'Пётр Сидоров', type: 'executor' }, price: null, comment: 'Готов приступить завтра', status: 'active', createdAt: '2026-11-23T10:00:00Z' }, message: 'Отклик отправлен заказчику' } });
      }),
  });
  const dialog = await sendReplyFromPage();
  await waitFor(() => expect(answer).toBeDefined());
  await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Отмена' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  act(() => answer!());
  await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: 'Отклик отправлен заказчику' }]));
});

test("a refusal that is not about the application's state (too many requests, the server down) stays in the dialog", async () => {
  actAsProfile(EXECUTOR);
  stubApi({
    'application/get': () => ({ body: { data: published() } }),
    'application/reply/send': () => ({ status: 429, body: { message: 'Слишком много запросов. Попробуйте позже', code: 'too_many_requests' } }),
  });
  const dialog = await sendReplyFromPage();

  await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Слишком много запросов. Попробуйте позже'));
  expect(within(dialog).getByLabelText('Комментарий')).toHaveValue('Готов приступить завтра');
});

describe('a reply whose answer was lost (QA EEE-4)', () => {
  const mine = { id: 301, applicationId: 42, executor: { id: 21, name: 'Пётр Сидоров', type: 'executor' }, price: null, comment: 'Готов приступить завтра', status: 'active', createdAt: '2026-11-23T10:00:00Z' };
  const lost = {
    'no answer at all': () => Promise.reject(new TypeError('Failed to fetch')),
    'a proxy answering for the API (504)': () => ({ status: 504, body: '<html>Gateway Timeout</html>' }),
  };

  test.each(Object.entries(lost))('%s, the application read again listing it as this profile’s: the dialog closes as sent, with the success toast', async (_case, send) => {
    actAsProfile(EXECUTOR);
    let sent = false;
    let reads = 0;
    stubApi({
      // The server took the reply; only its answer was lost.
      'application/get': () => ((reads += 1), { body: { data: sent ? { ...published(), replies: [mine], allowedActions: ['application/reply/remove'] } : published() } }),
      'application/reply/send': () => ((sent = true), send()),
    });
    const dialog = await sendReplyFromPage();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'success', message: 'Отклик отправлен' }]);
    expect(await screen.findByRole('link', { name: 'Перейти к заявке в личном кабинете' })).toHaveFocus();
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  test('when the application read again lists no reply of this profile, the dialog stays with the network error and the text typed', async () => {
    actAsProfile(EXECUTOR);
    // Another profile's live reply is not this one's.
    const others = { ...mine, id: 302, executor: { id: 22, name: 'Иван Иванов', type: 'executor' } };
    let reads = 0;
    stubApi({
      'application/get': () => ((reads += 1), { body: { data: { ...published(), replies: reads > 1 ? [others] : [] } } }),
      'application/reply/send': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const dialog = await sendReplyFromPage();

    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Сервер недоступен. Проверьте подключение к интернету'));
    expect(reads).toBe(2);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Комментарий')).toHaveValue('Готов приступить завтра');
    expect(toasts).toEqual([]);
  });

  test('offline, the application read again failing too: the page and the dialog stay, with the network error and the text typed (QA AAP-1)', async () => {
    actAsProfile(EXECUTOR);
    let reads = 0;
    stubApi({
      'application/get': () => ((reads += 1), reads > 1 ? Promise.reject(new TypeError('Failed to fetch')) : { body: { data: published() } }),
      'application/reply/send': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const dialog = await sendReplyFromPage();

    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Сервер недоступен. Проверьте подключение к интернету'));
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByLabelText('Комментарий')).toHaveValue('Готов приступить завтра');
    expect(screen.queryByText('Не удалось загрузить заявку')).not.toBeInTheDocument();
  });
});

test('a refusal saying the page is behind (unpublished meanwhile) closes the dialog with the reason, and the page shows where the application stands', async () => {
  actAsProfile(EXECUTOR);
  let reads = 0;
  stubApi({
    'application/get': () => ((reads += 1), { body: { data: reads === 1 ? published() : { ...published(), status: 'unpublished', allowedActions: [] } } }),
    'application/reply/send': () => ({ status: 409, body: { message: 'Действие недоступно в текущем статусе заявки', code: 'conflict' } }),
  });
  await sendReplyFromPage();

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(toasts).toContainEqual({ type: 'error', message: 'Действие недоступно в текущем статусе заявки' });
  await waitFor(() => expect(reads).toBe(2));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Откликнуться' })).not.toBeInTheDocument());
});

test('a reply at a price the customer changed meanwhile stays open with the reason and what was typed; the page and the hint show the new price, and the next send agrees to it', async () => {
  actAsProfile(EXECUTOR);
  let reads = 0;
  const sent: Array<{ seenPrice?: number | null }> = [];
  stubApi({
    'application/get': () => ((reads += 1), { body: { data: { ...published(), price: reads === 1 ? 1000 : 2000 } } }),
    'application/reply/send': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { seenPrice?: number | null };
      sent.push(body);
      return body.seenPrice === 2000
        ? { body: { data: { id: 301, applicationId: 42, executor: { id: 21, name: 'Пётр Сидоров', type: 'executor' }, price: null, comment: 'Готов приступить завтра', status: 'active', createdAt: '2026-11-23T10:00:00Z' }, message: 'Отклик отправлен' } }
        : { status: 409, body: { message: 'Цена заявки изменилась: теперь 2 000 ₽. Проверьте условия и отправьте отклик снова', code: 'price_changed' } };
    },
  });
  const dialog = await sendReplyFromPage();
  expect(within(dialog).getByText(/Без цены остаётся цена заявки/)).toBeInTheDocument();

  await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Цена заявки изменилась: теперь 2 000 ₽'));
  expect(within(dialog).getByLabelText('Комментарий')).toHaveValue('Готов приступить завтра');
  await waitFor(() => expect(within(dialog).getByText('Без цены остаётся цена заявки: 2 000 ₽')).toBeInTheDocument());
  expect(toasts).toEqual([]);

  await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.map((body) => body.seenPrice)).toEqual([1000, 2000]);
});

test("a member of an organisation is told the reply goes in the organisation's name", async () => {
  actAsProfile({ id: 8, type: 'organization', name: 'ООО «СтройИнвест»', active: true });
  stubApi({ 'application/get': () => ({ body: { data: published() } }) });
  const user = userEvent.setup();
  renderRoutes(routes, '/application/42');
  await user.click(await screen.findByRole('button', { name: 'Откликнуться' }));
  const dialog = await screen.findByRole('dialog', { name: 'Отклик на заявку' });
  expect(dialog).toHaveAccessibleDescription(/Вы откликаетесь от имени организации ООО «СтройИнвест»/);
});

test('a refused reply puts the focus on the field to fix, where its message is read', async () => {
  actAsProfile(EXECUTOR);
  const sent: unknown[] = [];
  stubApi({
    'application/get': () => ({ body: { data: published() } }),
    'application/reply/send': (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return { status: 422, body: { message: 'Проверьте поля', code: 'validation', errors: { comment: 'Комментарий слишком короткий' } } };
    },
  });
  const user = userEvent.setup();
  renderRoutes(routes, '/application/42');

  await user.click(await screen.findByRole('button', { name: 'Откликнуться' }));
  const dialog = await screen.findByRole('dialog', { name: 'Отклик на заявку' });
  const price = within(dialog).getByRole('textbox', { name: /Ваша цена/ });
  const comment = within(dialog).getByRole('textbox', { name: 'Комментарий' });
  await waitFor(() => expect(price).toHaveFocus());

  // Nothing typed: the comment is the one to write, though the focus was on the price.
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));
  await waitFor(() => expect(comment).toHaveFocus());
  expect(comment).toHaveAccessibleDescription(expect.stringContaining('Напишите комментарий к отклику'));

  // A price that is no number, typed after the comment: the focus goes back up to it.
  await user.type(price, 'дорого');
  await user.type(comment, 'Сделаю');
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));
  await waitFor(() => expect(price).toHaveFocus());
  expect(sent).toHaveLength(0);

  // A price of 0 is no offer: the field says what to do instead, nothing is sent.
  await user.clear(price);
  await user.type(price, '0');
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));
  await waitFor(() => expect(price).toHaveFocus());
  expect(price).toHaveAccessibleDescription(expect.stringContaining('Предложите цену больше нуля или оставьте поле пустым — тогда останется цена заявки'));
  expect(sent).toHaveLength(0);

  // The server's refusal of a field: that field.
  await user.clear(price);
  await user.click(within(dialog).getByRole('button', { name: 'Отправить отклик' }));
  await waitFor(() => expect(comment).toHaveAccessibleDescription(expect.stringContaining('Комментарий слишком короткий')));
  expect(comment).toHaveFocus();
  expect(sent).toHaveLength(1);
});

test('a reply refused while the field to fix keeps the focus (Enter in it) says its message as a status, each time anew', async () => {
  actAsProfile(EXECUTOR);
  const sent: unknown[] = [];
  stubApi({
    'application/get': () => ({ body: { data: published() } }),
    'application/reply/send': (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return { status: 422, body: { message: 'Проверьте поля', code: 'validation', errors: { price: 'Цена слишком велика' } } };
    },
  });
  const user = userEvent.setup();
  renderRoutes(routes, '/application/42');

  await user.click(await screen.findByRole('button', { name: 'Откликнуться' }));
  const dialog = await screen.findByRole('dialog', { name: 'Отклик на заявку' });
  const price = within(dialog).getByRole('textbox', { name: /Ваша цена/ });
  const status = within(dialog).getByRole('status');
  await waitFor(() => expect(price).toHaveFocus());
  expect(status).toBeEmptyDOMElement();

  await user.type(price, 'дорого{Enter}');
  await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
  expect(price).toHaveFocus();
  const message = 'Укажите цену числом';
  expect(price).toHaveAccessibleDescription(expect.stringContaining(message));
  const first = status.firstElementChild;
  expect(first).toHaveTextContent(new RegExp(`^${message}$`));

  await user.keyboard('{Enter}');
  await waitFor(() => expect(status.firstElementChild).not.toBe(first));
  expect(status.firstElementChild).toHaveTextContent(new RegExp(`^${message}$`));
  expect(sent).toHaveLength(0);

  // The server's refusal of the price, the focus still there.
  await user.clear(price);
  await user.type(price, '5000');
  await user.type(within(dialog).getByRole('textbox', { name: 'Комментарий' }), 'Сделаю за три дня');
  price.focus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(price).toHaveAccessibleDescription(expect.stringContaining('Цена слишком велика')));
  expect(price).toHaveFocus();
  expect(status).toHaveTextContent(/^Цена слишком велика$/);
  expect(sent).toHaveLength(1);
});

test('the customer who owns the application sees no reply button', async () => {
  actAsProfile(OWNER);
  stubApi({ 'application/get': () => ({ body: { data: published() } }) });
  renderRoutes(routes, '/application/42');

  // The application's own h1, not the loading state's «Заявка» (QA NN-1).
  await screen.findByRole('heading', { level: 1, name: published().name });
  expect(screen.queryByRole('button', { name: 'Откликнуться' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Откликнуться' })).not.toBeInTheDocument();
});

test('a replier whose reply is live is led to the cabinet instead of replying twice', async () => {
  actAsProfile(EXECUTOR);
  const reply = { id: 301, applicationId: 42, executor: { id: 21, name: 'Пётр Сидоров', type: 'executor' }, price: null, comment: 'Готов', status: 'active', createdAt: '2026-11-23T10:00:00Z' };
  stubApi({ 'application/get': () => ({ body: { data: { ...published(), replies: [reply], allowedActions: ['application/reply/remove'] } } }) });
  renderRoutes(routes, '/application/42');

  expect(await screen.findByRole('link', { name: 'Перейти к заявке в личном кабинете' })).toHaveAttribute('href', '/lk/application/detail/42');
  expect(screen.queryByRole('button', { name: 'Откликнуться' })).not.toBeInTheDocument();
});

/** A new user, as registration leaves him: signed in, no profile chosen yet. */
function actWithoutProfile() {
  useSessionStore.getState().setTokens('token', 'refresh');
  useSessionStore.setState({ user: { id: 1, phone: '79991234567', name: 'Новый пользователь', email: null, activeProfileId: null }, profiles: [], activeProfile: null });
}

test('a signed-in user with no profile yet is told to choose one, by a link to the profile page that comes back to this page', async () => {
  actWithoutProfile();
  stubApi({ 'application/get': () => ({ body: { data: { ...published(), allowedActions: [] } } }) });
  renderRoutes(routes, '/application/42?from=map#replies');

  expect(await screen.findByText(/^Чтобы откликнуться, выберите профиль исполнителя или организации\./)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Выбрать профиль' })).toHaveAttribute(
    'href',
    `/lk/profile?redirect=${encodeURIComponent('/application/42?from=map#replies')}`,
  );
  expect(screen.queryByRole('button', { name: 'Откликнуться' })).not.toBeInTheDocument();
  expect(screen.queryByText(/Откликаться могут исполнители и организации/)).not.toBeInTheDocument();
});

test('a new user who leaves the page to choose his profile finds the reply form open on coming back, though the copy kept of the page says no reply (QA H-2)', async () => {
  actWithoutProfile();
  let reads = 0;
  // Read while he had no profile: no reply among its actions; read again for the executor: there is.
  stubApi({ 'application/get': () => ((reads += 1), { body: { data: { ...published(), allowedActions: useSessionStore.getState().activeProfile ? ['application/reply/send'] : [] } } }) });
  function ChooseProfile() {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => { actAsProfile(EXECUTOR); void navigate('/application/42?reply=1'); }}>
        Выбрать «Исполнитель»
      </button>
    );
  }
  const user = userEvent.setup();
  const { location } = renderRoutes([...routes, { path: '/lk/profile', Component: ChooseProfile }], '/application/42');
  await user.click(await screen.findByRole('link', { name: 'Выбрать профиль' }));
  await user.click(await screen.findByRole('button', { name: 'Выбрать «Исполнитель»' }));

  expect(await screen.findByRole('dialog', { name: 'Отклик на заявку' })).toBeInTheDocument();
  await waitFor(() => expect(location().search).toBe(''));
  expect(reads).toBeGreaterThanOrEqual(2);
});

test('a user with no profile yet, on an application whose replies are over, hears that they are over', async () => {
  actWithoutProfile();
  stubApi({ 'application/get': () => ({ body: { data: { ...published(), feedbackDeadline: '2000-01-01', allowedActions: [] } } }) });
  renderRoutes(routes, '/application/42');
  expect(await screen.findByText('Приём откликов по заявке завершён.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Выбрать профиль' })).not.toBeInTheDocument();
});

test('while the signed-in user is not known yet, nothing is said about profiles', async () => {
  useSessionStore.getState().setTokens('token', 'refresh');
  stubApi({ 'application/get': () => ({ body: { data: published() } }) });
  renderRoutes(routes, '/application/42');
  await screen.findByRole('heading', { level: 1, name: published().name });
  expect(screen.queryByText(/выберите профиль/)).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Откликнуться' })).not.toBeInTheDocument();
});
