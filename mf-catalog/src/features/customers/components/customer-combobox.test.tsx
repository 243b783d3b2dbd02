import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
