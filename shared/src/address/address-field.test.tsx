import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { Address } from '../contract';
import { fail, ok, requestsTo, setTestRuntimeConfig, stubApi } from '../testing/fake-api';
import { createQueryClient } from '../query/query-client';
import { failsUntilRetried } from '../testing/retry-held';
import { ADDRESS_NOT_CHOSEN_MESSAGE, AddressField } from './address-field';
import { CITY_NOT_CHOSEN_MESSAGE } from './search-addresses';
import { useUnchosenAddresses, type UnchosenAddresses } from './unchosen-addresses';

const place = (value: string): Address => ({ value, cityFiasId: null, geoLat: 55.7, geoLon: 37.6 }) as Address;

function renderField({ citiesOnly = false, error = undefined as string | undefined } = {}) {
  const onChange = jest.fn<void, [Address | undefined]>();
  render(
    <QueryClientProvider client={createQueryClient()}>
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
  // The failed lookup and its one retry (LOOKUP_QUERY_RETRY), then the lookup asked again.
  await waitFor(() => expect(requestsTo(fetchMock, 'user/address/search').map((r) => r.searchParams.get('query'))).toEqual(['Тве', 'Тве', 'Тве']));
});

test('a failed lookup is asked once more and then shown as failed, not after the app\'s default two retries', async () => {
  const fetchMock = stubApi({ 'user/address/search': () => ({ status: 503, body: { message: 'Ошибка', code: 'internal' } }) });
  const { type } = renderField();

  type('Тве');
  expect(await screen.findByText('Не удалось загрузить подсказки', {}, { timeout: 5000 })).toBeVisible();
  expect(requestsTo(fetchMock, 'user/address/search')).toHaveLength(2);
});

test('a city field gives an example as the catalogue\'s city filters do; an address field names its parts', () => {
  const { input } = renderField({ citiesOnly: true });
  expect(input).toHaveAttribute('placeholder', 'Например, Казань');
  cleanup();
  expect(renderField().input).toHaveAttribute('placeholder', 'Город, улица, дом');
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

test('suggestions that failed to load are asked for again by «Повторить», in place, and the focus is back in the field with them', async () => {
  const call = failsUntilRetried(() => fail(500, 'Ошибка'), () => ok({ items: [place('г Тверь, ул Советская')] }));
  const fetchMock = stubApi({ 'user/address/search': call.handler });
  const { input, type } = renderField();

  input.focus();
  type('Тве');
  expect(await screen.findByText('Не удалось загрузить подсказки')).toBeVisible();
  const retry = screen.getByRole('button', { name: 'Повторить' });
  // Keyboard reachable: the next control after the field's own.
  fireEvent.blur(input, { relatedTarget: retry });
  await call.retry(retry);
  expect(input).toHaveValue('Тве');

  act(() => call.answer());
  expect(await screen.findByRole('option', { name: 'г Тверь, ул Советская' })).toBeInTheDocument();
  expect(input).toHaveFocus();
  expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
  // The failed lookup and its one retry (LOOKUP_QUERY_RETRY), then «Повторить».
  expect(requestsTo(fetchMock, 'user/address/search').map((r) => r.searchParams.get('query'))).toEqual(['Тве', 'Тве', 'Тве']);
});

test('while «Повторить» asks again, the addresses found for an earlier text are not offered in its place', async () => {
  const call = failsUntilRetried(() => fail(500, 'Ошибка'), () => ok({ items: [place('г Тверь, ул Советская')] }));
  stubApi({ 'user/address/search': (url) => (url.searchParams.get('query') === 'Тверь' ? call.handler() : ok({ items: [place('г Тверь')] })) });
  const { input, type } = renderField();

  input.focus();
  type('Тве');
  expect(await screen.findByRole('option', { name: 'г Тверь' })).toBeInTheDocument();
  type('Тверь');
  expect(await screen.findByText('Не удалось загрузить подсказки')).toBeVisible();
  // Kept meanwhile, the answer for «Тве» («г Тверь», which holds the text) is no answer for «Тверь».
  await call.retry(screen.getByRole('button', { name: 'Повторить' }));
  expect(screen.queryByRole('option')).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Не удалось загрузить подсказки');

  act(() => call.answer());
  expect(await screen.findByRole('option', { name: 'г Тверь, ул Советская' })).toBeInTheDocument();
  expect(input).toHaveFocus();
});

describe('useUnchosenAddresses: a form with text typed in an address field and no suggestion chosen', () => {
  const checked = jest.fn();
  const inner = (values: { city: Address | null }) => {
    checked(values);
    return { values, errors: {} };
  };

  function Form({ initial = null as Address | null, citiesOnly = true }) {
    const [value, setValue] = useState<Address | null>(initial);
    const unchosen = useUnchosenAddresses();
    form = unchosen;
    return (
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AddressField label="Город" citiesOnly={citiesOnly} value={value ?? undefined} onChange={(next) => setValue(next ?? null)} {...unchosen.field('city')} />
        <p>{unchosen.typed ? 'Есть несохранённый текст' : 'Нет текста'}</p>
      </QueryClientProvider>
    );
  }
  let form: UnchosenAddresses;
  const check = (city: Address | null) => form.resolver(inner)({ city });
  const KAZAN = { value: 'г Казань', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 } as Address;

  beforeEach(() => stubApi({ 'user/address/search': () => ok({ items: [KAZAN] }) }));

  test('is refused at that field, even once the field is left, and passes once a suggestion is chosen', async () => {
    render(<Form />);
    const input = screen.getByRole('combobox', { name: 'Город' });
    expect(await check(null)).toEqual({ values: { city: null }, errors: {} });

    fireEvent.change(input, { target: { value: 'Казань' } });
    fireEvent.blur(input);
    expect(input).toHaveValue('Казань');
    expect(screen.getByText('Есть несохранённый текст')).toBeInTheDocument();
    expect(await check(null)).toEqual({ values: {}, errors: { city: { type: 'unchosen', message: CITY_NOT_CHOSEN_MESSAGE } } });

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'г Казань' }));
    expect(screen.getByText('Нет текста')).toBeInTheDocument();
    expect(await check(KAZAN)).toEqual({ values: { city: KAZAN }, errors: {} });
  });

  test('typed over an address chosen before, the old address does not pass for it; emptied, the field holds none and passes', async () => {
    render(<Form initial={KAZAN} citiesOnly={false} />);
    const input = screen.getByRole('combobox', { name: 'Город' });

    fireEvent.change(input, { target: { value: 'г Омск, ул Ленина' } });
    expect(await check(KAZAN)).toEqual({ values: {}, errors: { city: { type: 'unchosen', message: ADDRESS_NOT_CHOSEN_MESSAGE } } });

    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByText('Нет текста')).toBeInTheDocument();
    expect(await check(null)).toEqual({ values: { city: null }, errors: {} });
  });
});
