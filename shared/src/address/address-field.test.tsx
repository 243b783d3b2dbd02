import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Address } from '../contract';
import { requestsTo, setTestRuntimeConfig, stubApi } from '../testing/fake-api';
import { AddressField } from './address-field';

const place = (value: string): Address => ({ value, cityFiasId: null, geoLat: 55.7, geoLon: 37.6 }) as Address;

function renderField({ citiesOnly = false, error = undefined as string | undefined } = {}) {
  const onChange = jest.fn<void, [Address | undefined]>();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AddressField value={undefined} onChange={onChange} citiesOnly={citiesOnly} label={citiesOnly ? 'Город' : undefined} error={error} />
    </QueryClientProvider>,
  );
  const input = screen.getByRole('combobox', { name: citiesOnly ? 'Город' : 'Адрес' });
  // user-event is not among shared's dependencies: each edit as the browser reports it.
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  return { onChange, input, type };
}

beforeEach(() => setTestRuntimeConfig());

test('while the answer for new text is on its way, the addresses found for the old text are not offered for it', async () => {
  let answerTver: () => void = () => undefined;
  const fetchMock = stubApi({
    'user/address/search': (url) =>
      (url.searchParams.get('query') ?? '').startsWith('Омс')
        ? { body: { data: { items: [place('г Омск, ул Ленина')] } } }
        : new Promise((resolve) => {
            answerTver = () => resolve({ body: { data: { items: [place('г Тверь, ул Советская')] } } });
          }),
  });
  const { input, type, onChange } = renderField();

  type('Омс');
  expect(await screen.findByRole('option', { name: 'г Омск, ул Ленина' })).toBeInTheDocument();
  type('');
  type('Тве');
  await new Promise((resolve) => setTimeout(resolve, 400));
  // Asked for by now (on a loaded machine the lookup may go a little after the pause): its answer is on its way.
  await waitFor(() => expect(requestsTo(fetchMock, 'user/address/search').map((r) => r.searchParams.get('query'))).toContain('Тве'));

  // Omsk is no answer to «Тве»: not listed, and not chosen by Enter.
  expect(screen.queryByRole('option')).not.toBeInTheDocument();
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  fireEvent.keyDown(input, { key: 'Enter' });
  expect(onChange).not.toHaveBeenCalled();

  act(() => answerTver());
  expect(await screen.findByRole('option', { name: 'г Тверь, ул Советская' })).toBeInTheDocument();
});

test('after a failed lookup, typing again asks again, even when the text comes back the same', async () => {
  let failing = true;
  const fetchMock = stubApi({
    'user/address/search': () => (failing ? { status: 500, body: { message: 'Ошибка', code: 'internal' } } : { body: { data: { items: [place('г Тверь')] } } }),
  });
  const { type } = renderField();

  type('Тве');
  expect(await screen.findByText('Не удалось загрузить подсказки')).toBeVisible();
  failing = false;
  // One letter taken back and typed again, quicker than the pause that sends a lookup.
  type('Тв');
  type('Тве');

  expect(await screen.findByRole('option', { name: 'г Тверь' })).toBeInTheDocument();
  await waitFor(() => expect(requestsTo(fetchMock, 'user/address/search').map((r) => r.searchParams.get('query'))).toEqual(['Тве', 'Тве']));
});

test('a city is offered from two letters, as the catalogue\'s city filters offer it', async () => {
  const omsk = { value: 'г Омск', cityFiasId: '140e31da-27bf-4519-9ea0-6185d681d44e', geoLat: 54.98, geoLon: 73.37 } as Address;
  const fetchMock = stubApi({ 'user/address/search': () => ({ body: { data: { items: [omsk] } } }) });
  const { type } = renderField({ citiesOnly: true });

  type('Ом');
  expect(await screen.findByRole('option', { name: 'г Омск' })).toBeInTheDocument();
  expect(requestsTo(fetchMock, 'user/address/search').map((r) => r.searchParams.get('query'))).toEqual(['Ом']);
});

test('a street address is not looked up from two letters', async () => {
  const fetchMock = stubApi({ 'user/address/search': () => ({ body: { data: { items: [place('г Омск, ул Ленина')] } } }) });
  const { type } = renderField();

  type('Ом');
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(requestsTo(fetchMock, 'user/address/search')).toHaveLength(0);
  expect(screen.queryByRole('option')).not.toBeInTheDocument();
});

test('a form\'s «Укажите адрес» over typed text that is no suggestion chosen says to choose one; emptied, it asks for the address again', async () => {
  stubApi({ 'user/address/search': () => ({ body: { data: { items: [place('г Тверь, ул Советская, д 1')] } } }) });
  const { input, type } = renderField({ error: 'Укажите адрес' });
  expect(input).toHaveAccessibleDescription(/Укажите адрес$/);

  type('Тверь, Советская 1');
  expect(input).toHaveAccessibleDescription(/Выберите адрес из подсказок$/);
  expect(input).not.toHaveAccessibleDescription(/Укажите адрес/);
  expect(input).toBeInvalid();

  type('');
  expect(input).toHaveAccessibleDescription(/Укажите адрес$/);
  type('Тверь, Советская');
  await screen.findByRole('option', { name: 'г Тверь, ул Советская, д 1' });
});

test('a city typed but not chosen: «Выберите город из подсказок»', async () => {
  stubApi({ 'user/address/search': () => ({ body: { data: { items: [] } } }) });
  const { input, type } = renderField({ citiesOnly: true, error: 'Укажите город' });
  type('Казан');
  expect(input).toHaveAccessibleDescription(/Выберите город из подсказок$/);
  expect(await screen.findByText('Совпадений нет')).toBeInTheDocument();
});
