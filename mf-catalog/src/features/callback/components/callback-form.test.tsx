import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, useSessionStore } from 'shared';
import { renderRoutes, requestsTo, setTestRuntimeConfig, stubApi, stubFetch, type FetchHandler } from '../../../testing/render-route';
import { CallbackForm } from './callback-form';

const routes = [{ path: '/contacts', Component: CallbackForm }];
const toasts: unknown[] = [];

beforeEach(() => {
  setTestRuntimeConfig();
  toasts.length = 0;
  bus.clear();
  bus.on('toast:show', (toast) => toasts.push(toast));
});

function setup() {
  renderRoutes(routes, '/contacts');
  const user = userEvent.setup();
  return {
    user,
    name: screen.getByLabelText('Имя'),
    phone: screen.getByLabelText('Телефон'),
    email: screen.getByLabelText('Электронная почта (необязательно)'),
    comment: screen.getByLabelText('Комментарий (необязательно)'),
    submit: screen.getByRole('button', { name: 'Заказать звонок' }),
  };
}

function bodyOf(fetchMock: jest.Mock): unknown {
  const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/callback/create'));
  return JSON.parse(String((call?.[1] as RequestInit).body));
}

test('checks the fields with the contract schema before sending anything', async () => {
  const fetchMock = stubFetch(() => ({ body: { data: { id: 1 } } }));
  const { user, phone, email, submit } = setup();

  await user.click(submit);
  // Nothing typed is asked for, as the phone is; a name too short says its length (contract tests).
  expect(await screen.findByText('Укажите имя')).toBeInTheDocument();
  expect(screen.getByText('Укажите номер телефона')).toBeInTheDocument();
  expect(screen.getByLabelText('Имя')).toHaveAttribute('aria-invalid', 'true');

  await user.type(phone, '999123');
  await user.type(email, 'не-почта');
  await user.click(submit);
  expect(await screen.findByText('Укажите российский номер телефона: +7 и 10 цифр')).toBeInTheDocument();
  expect(screen.getByText('Укажите корректный адрес электронной почты')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
  // The form's own check is no failure of a call: no toast.
  expect(toasts).toEqual([]);
});

test("masks the phone, sends the canonical number and shows the server's message on success", async () => {
  const fetchMock = stubApi({ 'callback/create': () => ({ body: { data: { id: 7 }, message: 'Спасибо! Перезвоним в течение часа' } }) });
  const { user, name, phone, comment, submit } = setup();

  await user.type(name, 'Анна');
  await user.type(phone, '89991234567');
  expect(phone).toHaveValue('+7 (999) 123-45-67');
  await user.type(comment, 'Нужен совет по смете');
  await user.click(submit);

  await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: 'Спасибо! Перезвоним в течение часа' }]));
  expect(bodyOf(fetchMock)).toEqual({ name: 'Анна', phone: '79991234567', comment: 'Нужен совет по смете' });
  expect(requestsTo(fetchMock, 'callback/create')).toHaveLength(1);
  await waitFor(() => expect(name).toHaveValue(''));
  expect(phone).toHaveValue('');
});

async function fillAndSend(answer: FetchHandler) {
  stubApi({ 'callback/create': answer });
  const { user, name, phone, submit } = setup();
  await user.type(name, 'Анна');
  await user.type(phone, '9991234567');
  await user.click(submit);
}

test("a refusal shows the server's message, and field errors under their fields; the message is an error toast too (spec §7), silent: the form's alert says it", async () => {
  await fillAndSend(() => ({
    status: 422,
    body: { message: 'Проверьте поля формы', code: 'validation_error', errors: { phone: 'Номер не обслуживается' } },
  }));

  expect(await screen.findByRole('alert')).toHaveTextContent('Проверьте поля формы');
  // Under the field (and, the phone keeping the focus through the press, said as a status too).
  expect(screen.getByText('Номер не обслуживается', { selector: '.ui-field__error' })).toBeInTheDocument();
  expect(toasts).toEqual([{ type: 'error', message: 'Проверьте поля формы', silent: true }]);
});

test('a failure without a message shows «Ошибка при заказе звонка», in the error toast too', async () => {
  await fillAndSend(() => ({ status: 502, body: '' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('Ошибка при заказе звонка');
  expect(toasts).toEqual([{ type: 'error', message: 'Ошибка при заказе звонка', silent: true }]);
});

test('an unreachable server shows «Ошибка при заказе звонка» too', async () => {
  globalThis.fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  }) as unknown as typeof fetch;
  renderRoutes(routes, '/contacts');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Имя'), 'Анна');
  await user.type(screen.getByLabelText('Телефон'), '9991234567');
  await user.click(screen.getByRole('button', { name: 'Заказать звонок' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('Ошибка при заказе звонка');
  expect(toasts).toEqual([{ type: 'error', message: 'Ошибка при заказе звонка', silent: true }]);
});

describe('signed in', () => {
  beforeEach(() => {
    const store = useSessionStore.getState();
    store.setTokens('token', 'refresh');
    useSessionStore.setState({ user: { id: 1, phone: '79990000001', name: 'Анна Смирнова', email: 'anna@example.ru', activeProfileId: 1 } });
  });
  afterEach(() => act(() => useSessionStore.getState().clear()));

  test("finds the account's name, phone and e-mail filled in, and they are there again after a sent request", async () => {
    const fetchMock = stubApi({ 'callback/create': () => ({ body: { data: { id: 8 } } }) });
    const { user, name, phone, email, comment, submit } = setup();
    await waitFor(() => expect(name).toHaveValue('Анна Смирнова'));
    expect(phone).toHaveValue('+7 (999) 000-00-01');
    expect(email).toHaveValue('anna@example.ru');

    await user.type(comment, 'Перезвоните после обеда');
    await user.click(submit);
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(bodyOf(fetchMock)).toEqual({ name: 'Анна Смирнова', phone: '79990000001', email: 'anna@example.ru', comment: 'Перезвоните после обеда' });
    expect(comment).toHaveValue('');
    expect(phone).toHaveValue('+7 (999) 000-00-01');
  });

  test('what the visitor typed before the account was known is kept', async () => {
    useSessionStore.setState({ user: null });
    const { user, name, phone } = setup();
    await user.type(name, 'Анна');
    act(() => useSessionStore.setState({ user: { id: 1, phone: '79990000001', name: 'Анна Смирнова', email: null, activeProfileId: 1 } }));
    await waitFor(() => expect(phone).toHaveValue('+7 (999) 000-00-01'));
    expect(name).toHaveValue('Анна');
  });
});

describe('a refusal of the field that keeps the focus (Enter in it) is said as a status', () => {
  test("the form's check: each Enter says it anew", async () => {
    stubFetch(() => ({ body: { data: { id: 1 } } }));
    const { user, name } = setup();
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    await user.click(name);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(name).toHaveAccessibleDescription('Укажите имя'));
    expect(name).toHaveFocus();
    const first = status.firstElementChild;
    expect(first).toHaveTextContent(/^Укажите имя$/);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(status.firstElementChild).not.toBe(first));
    expect(status.firstElementChild).toHaveTextContent(/^Укажите имя$/);
    expect(name).toHaveFocus();

    // A change of the field takes it back.
    await user.type(name, 'А');
    expect(status).toBeEmptyDOMElement();
  });

  test("the server's, on the field the Enter was pressed in", async () => {
    stubApi({ 'callback/create': () => ({ status: 422, body: { message: 'Проверьте поля формы', code: 'validation_error', errors: { phone: 'Номер не обслуживается' } } }) });
    const { user, name, phone } = setup();
    await user.type(name, 'Анна');
    await user.type(phone, '9991234567{Enter}');

    await waitFor(() => expect(phone).toHaveAccessibleDescription('Номер не обслуживается'));
    expect(phone).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(/^Номер не обслуживается$/);
  });

  test('nothing is said as a status when the refusal moves the focus to the field: the focus reads it', async () => {
    stubFetch(() => ({ body: { data: { id: 1 } } }));
    const { user, name, submit } = setup();
    await user.click(submit);
    await waitFor(() => expect(name).toHaveFocus());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
