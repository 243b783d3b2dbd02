import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, failsUntilRetried, ok } from 'shared/testing';
import { requestsTo, setTestRuntimeConfig, stubApi } from '../../../testing/render-route';
import { CustomerCombobox } from './customer-combobox';

beforeEach(() => setTestRuntimeConfig());

function renderCustomer() {
  const onChange = jest.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CustomerCombobox value="" onChange={onChange} />
    </QueryClientProvider>,
  );
  return { onChange, user: userEvent.setup(), input: screen.getByRole('combobox', { name: 'Заказчик' }) };
}

test('looks customers up by name and hands over the chosen id and name', async () => {
  const fetchMock = stubApi({
    'customer/get-collection/filter': () => ({
      body: {
        data: {
          items: [
            { id: 9, name: 'ООО «Ромашка»', type: 'organization' },
            { id: 12, name: 'Роман Петров', type: 'customer' },
          ],
        },
      },
    }),
  });
  const { onChange, user, input } = renderCustomer();

  await user.type(input, 'Ром');
  const option = await screen.findByRole('option', { name: /Роман Петров/ });
  expect(option).toHaveTextContent('Частное лицо');
  expect(screen.getByRole('option', { name: /ООО «Ромашка»/ })).toHaveTextContent('Организация');
  await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

  expect(onChange).toHaveBeenCalledWith({ id: 12, name: 'Роман Петров' });
  const [request] = requestsTo(fetchMock, 'customer/get-collection/filter');
  expect(request?.searchParams.get('query')).toBe('Ром');
});

test('a failed lookup says so instead of an empty list', async () => {
  stubApi({ 'customer/get-collection/filter': () => ({ status: 500, body: { message: 'Ошибка', code: 'internal' } }) });
  const { user, input } = renderCustomer();
  await user.type(input, 'Ром');
  expect(await screen.findByText('Не удалось загрузить подсказки')).toBeInTheDocument();
});

test('while the answer for new text is on its way, the customers found for the old text are not offered for it', async () => {
  stubApi({
    'customer/get-collection/filter': (url) =>
      url.searchParams.get('query') === 'Ром'
        ? { body: { data: { items: [{ id: 12, name: 'Роман Петров', type: 'customer' }] } } }
        : new Promise(() => undefined),
  });
  const { onChange, user, input } = renderCustomer();

  await user.type(input, 'Ром');
  expect(await screen.findByRole('option', { name: /Роман Петров/ })).toBeInTheDocument();
  await user.clear(input);
  await user.type(input, 'Анн');

  expect(screen.queryByRole('option')).not.toBeInTheDocument();
  expect(screen.getByText('Ищем…')).toBeVisible();
  await user.keyboard('{ArrowDown}{Enter}');
  expect(onChange).not.toHaveBeenCalled();
});

test('after a failed lookup, typing again asks again, even when the text comes back the same', async () => {
  let failing = true;
  stubApi({
    'customer/get-collection/filter': () =>
      failing ? { status: 500, body: { message: 'Ошибка', code: 'internal' } } : { body: { data: { items: [{ id: 12, name: 'Роман Петров', type: 'customer' }] } } },
  });
  const { user, input } = renderCustomer();

  await user.type(input, 'Ром');
  expect(await screen.findByText('Не удалось загрузить подсказки')).toBeVisible();
  failing = false;
  await user.type(input, '{Backspace}м');

  expect(await screen.findByRole('option', { name: /Роман Петров/ })).toBeInTheDocument();
});

describe('«Повторить» of customers that failed to load', () => {
  const ROMAN = { id: 12, name: 'Роман Петров', type: 'customer' };

  test('pressed with the mouse, asks again with the focus left in the field, busy meanwhile; the customers found are offered there', async () => {
    // Fails, then, asked again, answers when the test says so.
    let failing = true;
    let answer: () => void = () => undefined;
    const fetchMock = stubApi({
      'customer/get-collection/filter': () =>
        failing ? fail(500, 'Ошибка') : new Promise((resolve) => (answer = () => resolve(ok({ items: [ROMAN] })))),
    });
    const { onChange, user, input } = renderCustomer();

    await user.type(input, 'Ром');
    expect(await screen.findByText('Не удалось загрузить подсказки')).toBeVisible();
    const retry = screen.getByRole('button', { name: 'Повторить' });
    failing = false;
    await user.click(retry);

    expect(input).toHaveFocus();
    expect(input).toHaveValue('Ром');
    // The failed lookup and its one retry (LOOKUP_QUERY_RETRY), then «Повторить».
    await waitFor(() => expect(requestsTo(fetchMock, 'customer/get-collection/filter')).toHaveLength(3));
    expect(retry).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Не удалось загрузить подсказки');

    act(() => answer());
    expect(await screen.findByRole('option', { name: /Роман Петров/ })).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'customer/get-collection/filter').map((r) => r.searchParams.get('query'))).toEqual(['Ром', 'Ром', 'Ром']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith({ id: 12, name: 'Роман Петров' });
  });

  test('pressed from the keyboard, stays busy with the focus; with the customers, the focus is back in the field, not those of an earlier text meanwhile', async () => {
    const call = failsUntilRetried(() => fail(500, 'Ошибка'), () => ok({ items: [{ id: 13, name: 'Роман Сидоров', type: 'customer' }] }));
    stubApi({ 'customer/get-collection/filter': (url) => (url.searchParams.get('query') === 'Ро' ? ok({ items: [ROMAN] }) : call.handler()) });
    const { onChange, user, input } = renderCustomer();

    await user.type(input, 'Ро');
    expect(await screen.findByRole('option', { name: /Роман Петров/ })).toBeInTheDocument();
    await user.type(input, 'м');
    expect(await screen.findByText('Не удалось загрузить подсказки')).toBeVisible();
    await user.tab();
    await call.retry(screen.getByRole('button', { name: 'Повторить' }));

    // «Роман Петров» holds «Ром», but was found for «Ро».
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');

    act(() => call.answer());
    expect(await screen.findByRole('option', { name: /Роман Сидоров/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Роман Петров/ })).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });
});
