import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, setUpPageTests, stubApi } from 'shared/testing';
import { renderRoutes, signInAs } from '../../../testing/render-page';
import { FeedbackDialog, PriceDialog } from './terms-dialogs';

setUpPageTests(() => signInAs('customer'));

/** The application form's message for the same text (features/form/price-message.test.tsx). */
const NEGATIVE = 'Цена не может быть отрицательной';

test.each([
  ['-1', NEGATIVE],
  ['abc', 'Укажите цену числом'],
  // Emptied: the application form's «Укажите цену», not «…числом» (there is no text to be a number).
  ['', 'Укажите цену'],
])('«Изменить цену» refuses «%s» as the application form does: «%s»', async (text, message) => {
  const fetchMock = stubApi({});
  const Dialog = () => <PriceDialog applicationId={41} price={1000} onClose={() => undefined} />;
  renderRoutes([{ path: '/lk/application/detail/:id', Component: Dialog }], '/lk/application/detail/41');
  const user = userEvent.setup();
  const dialog = screen.getByRole('dialog', { name: 'Изменить цену' });
  const price = within(dialog).getByLabelText('Цена, ₽');

  await user.clear(price);
  if (text) await user.type(price, text);
  // From the keyboard: Tab to the button, Enter; the refused field takes the focus back.
  await user.tab();
  expect(within(dialog).getByRole('button', { name: 'Сохранить цену' })).toHaveFocus();
  await user.keyboard('{Enter}');

  expect(price).toHaveAccessibleDescription(new RegExp(`^${message}$`));
  expect(price).toHaveFocus();
  expect(callsTo(fetchMock, 'POST application/update/price')).toHaveLength(0);
});

test('«Изменить цену» refused by Enter in its field, which keeps the focus: the message is said as a status, each Enter anew', async () => {
  const fetchMock = stubApi({});
  const Dialog = () => <PriceDialog applicationId={41} price={1000} onClose={() => undefined} />;
  renderRoutes([{ path: '/lk/application/detail/:id', Component: Dialog }], '/lk/application/detail/41');
  const user = userEvent.setup();
  const dialog = screen.getByRole('dialog', { name: 'Изменить цену' });
  const price = within(dialog).getByLabelText('Цена, ₽');
  const status = within(dialog).getByRole('status');
  expect(status).toBeEmptyDOMElement();

  await user.clear(price);
  await user.type(price, '-1{Enter}');
  await waitFor(() => expect(price).toHaveAccessibleDescription(NEGATIVE));
  expect(price).toHaveFocus();
  const first = status.firstElementChild;
  expect(first).toHaveTextContent(new RegExp(`^${NEGATIVE}$`));

  await user.keyboard('{Enter}');
  await waitFor(() => expect(status.firstElementChild).not.toBe(first));
  expect(status.firstElementChild).toHaveTextContent(new RegExp(`^${NEGATIVE}$`));
  expect(callsTo(fetchMock, 'POST application/update/price')).toHaveLength(0);
});

test('«Изменить цену» opens with a price in kopecks as the application form shows it: a comma and two digits', () => {
  stubApi({});
  const Dialog = () => <PriceDialog applicationId={41} price={15000.5} onClose={() => undefined} />;
  renderRoutes([{ path: '/lk/application/detail/:id', Component: Dialog }], '/lk/application/detail/41');
  expect(within(screen.getByRole('dialog', { name: 'Изменить цену' })).getByLabelText('Цена, ₽')).toHaveValue('15000,50');
});

test('«Изменить цену» over a price of 0 («Цена договорная» on the page) says no «Сейчас: 0 ₽» and opens empty', () => {
  stubApi({});
  const Dialog = () => <PriceDialog applicationId={41} price={0} onClose={() => undefined} />;
  renderRoutes([{ path: '/lk/application/detail/:id', Component: Dialog }], '/lk/application/detail/41');
  const dialog = screen.getByRole('dialog', { name: 'Изменить цену' });
  expect(dialog).not.toHaveTextContent('Сейчас');
  expect(within(dialog).getByLabelText('Цена, ₽')).toHaveValue('');
});

test('«Изменить цену» over a price says what it is now', () => {
  stubApi({});
  const Dialog = () => <PriceDialog applicationId={41} price={15000.5} onClose={() => undefined} />;
  renderRoutes([{ path: '/lk/application/detail/:id', Component: Dialog }], '/lk/application/detail/41');
  expect(screen.getByRole('dialog', { name: 'Изменить цену' })).toHaveTextContent('Сейчас: 15 000,50 ₽. После оплаты цену изменить нельзя.');
});

test('«Изменить цену» over an executor named at the price says it may only be raised (QA AAF-1)', () => {
  stubApi({});
  const Dialog = () => <PriceDialog applicationId={41} price={3800} named onClose={() => undefined} />;
  renderRoutes([{ path: '/lk/application/detail/:id', Component: Dialog }], '/lk/application/detail/41');
  expect(screen.getByRole('dialog', { name: 'Изменить цену' })).toHaveTextContent(
    'Сейчас: 3 800 ₽. Исполнитель выбран по этой цене: без его согласия её можно только повысить. После оплаты цену изменить нельзя.',
  );
});

/** «Срок приёма откликов» open over an application whose reply deadline is 10 December 2026. */
function openFeedbackDialog() {
  const Dialog = () => <FeedbackDialog applicationId={41} feedbackDeadline="2026-12-10" onClose={() => undefined} />;
  renderRoutes([{ path: '/lk/application/detail/:id', Component: Dialog }], '/lk/application/detail/41');
  const dialog = screen.getByRole('dialog', { name: 'Срок приёма откликов' });
  return { user: userEvent.setup(), dialog, date: within(dialog).getByLabelText('Принимать отклики до'), save: within(dialog).getByRole('button', { name: 'Сохранить срок' }) };
}

test('«Срок приёма откликов»: after the server refused one date, a text that is no date gets the field’s own message and the old refusal goes', async () => {
  // What the API says of a reply deadline past the work deadline, which this dialog does not show.
  const refusal = 'Приём откликов должен закончиться не позже срока выполнения — 30 декабря 2026';
  const fetchMock = stubApi({
    'application/update/feedback': () => ({ status: 422, body: { message: refusal, code: 'validation' } }),
  });
  const { user, dialog, date, save } = openFeedbackDialog();

  await user.clear(date);
  await user.type(date, '31.12.2026');
  await user.click(save);
  expect(await within(dialog).findByText(refusal)).toBeInTheDocument();

  await user.clear(date);
  await user.type(date, '31.02.2026');
  await user.click(save);
  expect(date).toHaveAccessibleDescription(/Такой даты нет: проверьте день и месяц/);
  expect(date).not.toHaveAccessibleDescription(/ГГГГ-ММ-ДД/);
  expect(within(dialog).queryByText(refusal)).not.toBeInTheDocument();
  expect(callsTo(fetchMock, 'POST application/update/feedback')).toHaveLength(1);
});

test('«Срок приёма откликов» half typed, Enter in the field: the message heard is the one shown, «Введите дату полностью», not the form’s «Укажите срок»', async () => {
  const fetchMock = stubApi({});
  const { user, dialog, date } = openFeedbackDialog();

  await user.clear(date);
  await user.type(date, '12.1{Enter}');

  expect(date).toHaveFocus();
  expect(date).toHaveAccessibleDescription(/Введите дату полностью: дд.мм.гггг/);
  expect(within(dialog).getByRole('status')).toHaveTextContent('Введите дату полностью: дд.мм.гггг');
  expect(within(dialog).getByRole('status')).not.toHaveTextContent('Укажите срок');

  // The same with a day the calendar lacks.
  await user.clear(date);
  await user.type(date, '31.02.2027{Enter}');
  expect(within(dialog).getByRole('status')).toHaveTextContent('Такой даты нет: проверьте день и месяц');
  expect(callsTo(fetchMock, 'POST application/update/feedback')).toHaveLength(0);
});

test('«Срок приёма откликов» emptied: says the date is needed, as the application form does, not the API’s ГГГГ-ММ-ДД', async () => {
  const fetchMock = stubApi({});
  const { user, dialog, date, save } = openFeedbackDialog();

  await user.clear(date);
  await user.click(save);

  expect(date).toHaveAccessibleDescription(/Укажите срок приёма откликов/);
  expect(date).not.toHaveAccessibleDescription(/ГГГГ-ММ-ДД/);
  expect(date).toHaveFocus();
  expect(callsTo(fetchMock, 'POST application/update/feedback')).toHaveLength(0);
});

test('«Срок приёма откликов» the server refuses at its field (a past date) is said at the field, marked and focused, not above it', async () => {
  const PAST = 'Срок приёма откликов не может быть раньше сегодняшнего дня';
  stubApi({ 'application/update/feedback': () => ({ status: 422, body: { message: PAST, code: 'validation', errors: { feedbackDeadline: PAST } } }) });
  const { user, dialog, date, save } = openFeedbackDialog();

  await user.clear(date);
  await user.type(date, '01.01.2020');
  await user.click(save);

  await waitFor(() => expect(date).toHaveAccessibleDescription(new RegExp(PAST)));
  expect(date).toHaveAttribute('aria-invalid', 'true');
  await waitFor(() => expect(date).toHaveFocus());
  // Said once, at the field: no alert above it with the same words. (The field kept the focus
  // through the press, so the focus reads nothing: the status line says it, as the field's.)
  expect(within(dialog).getAllByText(PAST).filter((element) => !element.closest('[role="status"]'))).toHaveLength(1);
  expect(within(dialog).queryAllByRole('alert').filter((alert) => alert.textContent?.includes(PAST))).toEqual([]);
  expect(within(dialog).getByRole('status')).toHaveTextContent(new RegExp(`^${PAST}$`));
});
