import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CITY_NOT_CHOSEN_MESSAGE } from 'shared';
import { fail, failsUntilRetried, ok } from 'shared/testing';
import { requestsTo, setTestRuntimeConfig, stubApi } from '../../../testing/render-route';
import { CityCombobox, type CitySelection } from './city-combobox';

const KAZAN = { value: 'г Казань', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 };
const KAZACHKA = { value: 'Саратовская обл, г Казачка', cityFiasId: 'c0ffee00-0000-4000-8000-000000000001', geoLat: 51.3, geoLon: 46.1 };
const STREET = { value: 'г Казань, ул Баумана', cityFiasId: null, geoLat: 55.78, geoLon: 49.12 };

function stubSuggestions(items = [KAZAN, STREET, KAZACHKA]) {
  return stubApi({
    'user/address/search': (url) => ({
      body: { data: { items: items.filter((i) => i.value.toLowerCase().includes((url.searchParams.get('query') ?? '').toLowerCase().slice(0, 3))) } },
    }),
  });
}

function renderCity(initial = '') {
  const onChange = jest.fn<void, [CitySelection | null]>();
  function Host() {
    const [name, setName] = useState(initial);
    return (
      <CityCombobox
        value={name}
        onChange={(city) => {
          onChange(city);
          setName(city?.name ?? '');
        }}
      />
    );
  }
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Host />
    </QueryClientProvider>,
  );
  return { onChange, input: screen.getByRole('combobox', { name: 'Город' }), user: userEvent.setup() };
}

beforeEach(() => setTestRuntimeConfig());

test('suggests cities after a pause in typing, asking once for the final text; non-city addresses are left out', async () => {
  const fetchMock = stubSuggestions();
  const { input, user } = renderCity();

  await user.type(input, 'Каза');

  expect(await screen.findByRole('option', { name: 'г Казань' })).toBeInTheDocument();
  expect(screen.getByRole('option', { name: 'Саратовская обл, г Казачка' })).toBeInTheDocument();
  expect(screen.queryByRole('option', { name: /Баумана/ })).not.toBeInTheDocument();
  expect(input).toHaveAttribute('aria-expanded', 'true');
  const requests = requestsTo(fetchMock, 'user/address/search');
  expect(requests).toHaveLength(1);
  expect(requests[0]?.searchParams.get('query')).toBe('Каза');
});

test('asks for cities alone: no place made of a city and the rest of the text is offered (QA C-3)', async () => {
  const ROSTOV_ON_DON = { value: 'г Ростов-на-Дону', cityFiasId: 'c1cfe4b9-f7c2-423c-abfa-6ed1c05a15c5', geoLat: 47.22, geoLon: 39.72 };
  // What the gazetteer's street search answers: Ростов of Ярославская обл with the rest appended.
  const MADE_UP = { value: 'Ярославская обл, г Ростов, на Дону', cityFiasId: 'ab242d02-4d6c-4a1a-a9ce-ed9db691fc31', geoLat: 57.2, geoLon: 39.44 };
  const fetchMock = stubApi({
    'user/address/search': (url) => ({ body: { data: { items: url.searchParams.get('bound') === 'city' ? [ROSTOV_ON_DON] : [MADE_UP, ROSTOV_ON_DON] } } }),
  });
  const { input, user, onChange } = renderCity();

  await user.type(input, 'Ростов на Дону');

  expect(await screen.findByRole('option', { name: 'г Ростов-на-Дону' })).toBeInTheDocument();
  expect(screen.getAllByRole('option')).toHaveLength(1);
  expect(requestsTo(fetchMock, 'user/address/search').map((r) => r.searchParams.get('bound'))).toEqual(['city']);
  await user.keyboard('{ArrowDown}{Enter}');
  expect(onChange).toHaveBeenCalledWith({ cityFiasId: ROSTOV_ON_DON.cityFiasId, name: 'г Ростов-на-Дону' });
});

test('arrows move the highlight through aria-activedescendant, Enter chooses the city and shows its name', async () => {
  stubSuggestions();
  const { input, user, onChange } = renderCity();

  await user.type(input, 'Каза');
  const [first, second] = await screen.findAllByRole('option');
  await user.keyboard('{ArrowDown}');
  expect(input).toHaveAttribute('aria-activedescendant', first!.id);
  expect(first).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowDown}');
  expect(input).toHaveAttribute('aria-activedescendant', second!.id);
  await user.keyboard('{ArrowDown}');
  expect(input).toHaveAttribute('aria-activedescendant', first!.id);
  await user.keyboard('{ArrowUp}');
  expect(input).toHaveAttribute('aria-activedescendant', second!.id);
  await user.keyboard('{ArrowUp}{Enter}');

  expect(onChange).toHaveBeenCalledWith({ cityFiasId: KAZAN.cityFiasId, name: 'г Казань' });
  expect(input).toHaveValue('г Казань');
  expect(input).toHaveAttribute('aria-expanded', 'false');
  expect(input).not.toHaveAttribute('aria-activedescendant');
  expect(screen.queryByRole('option')).not.toBeInTheDocument();
});

test('a click on a suggestion chooses it', async () => {
  stubSuggestions();
  const { input, user, onChange } = renderCity();

  await user.type(input, 'Каза');
  await user.click(await screen.findByRole('option', { name: 'Саратовская обл, г Казачка' }));

  expect(onChange).toHaveBeenCalledWith({ cityFiasId: KAZACHKA.cityFiasId, name: 'Саратовская обл, г Казачка' });
  expect(input).toHaveValue('Саратовская обл, г Казачка');
});

test('Escape closes the list; a second Escape, or leaving the field, brings back the chosen city', async () => {
  stubSuggestions();
  const { input, user, onChange } = renderCity('г Казань');

  await user.clear(input);
  await user.type(input, 'Каза');
  await screen.findAllByRole('option');
  await user.keyboard('{Escape}');
  expect(input).toHaveAttribute('aria-expanded', 'false');
  expect(input).toHaveValue('Каза');
  await user.keyboard('{Escape}');
  expect(input).toHaveValue('г Казань');

  await user.type(input, 'ааа');
  await user.tab();
  expect(input).toHaveValue('г Казань');
  expect(onChange).not.toHaveBeenCalled();
});

test('with no city chosen, a city typed and not chosen stays when the field is left, said to be no choice, and filters nothing', async () => {
  stubSuggestions();
  const { input, user, onChange } = renderCity();

  await user.type(input, 'Казань');
  await screen.findByRole('option', { name: 'г Казань' });
  // Not said while typing: the suggestions are there to choose from.
  expect(input).not.toHaveAttribute('aria-invalid');
  await user.tab();

  expect(input).toHaveValue('Казань');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription(CITY_NOT_CHOSEN_MESSAGE);
  expect(input).toHaveAttribute('aria-expanded', 'false');
  // In the words of the cabinet's city field.
  expect(screen.getByText('Выберите город из подсказок')).toBeVisible();
  expect(onChange).not.toHaveBeenCalled();

  // Back in the field, the message stays until a city is chosen.
  await user.click(input);
  await user.keyboard('{ArrowDown}');
  await user.keyboard('{Enter}');
  expect(onChange).toHaveBeenCalledWith({ cityFiasId: KAZAN.cityFiasId, name: 'г Казань' });
  expect(input).toHaveValue('г Казань');
  expect(input).not.toHaveAttribute('aria-invalid');
  expect(input).not.toHaveAccessibleDescription(CITY_NOT_CHOSEN_MESSAGE);
});

test('the typed city’s message goes with its text: emptied, or taken back by Escape', async () => {
  stubSuggestions();
  const { input, user, onChange } = renderCity();

  await user.type(input, 'Каз');
  await user.tab();
  expect(input).toHaveAttribute('aria-invalid', 'true');
  await user.clear(input);
  expect(input).not.toHaveAttribute('aria-invalid');
  await user.tab();
  expect(input).not.toHaveAttribute('aria-invalid');

  await user.type(input, 'Каз');
  await user.tab();
  await user.click(input);
  await user.keyboard('{Escape}');
  expect(input).toHaveValue('');
  expect(input).not.toHaveAttribute('aria-invalid');
  expect(onChange).not.toHaveBeenCalled();
});

test('the clear button removes the choice', async () => {
  stubSuggestions();
  const { input, user, onChange } = renderCity('г Казань');

  await user.click(screen.getByRole('button', { name: 'Очистить: Город' }));
  expect(onChange).toHaveBeenLastCalledWith(null);
  expect(input).toHaveValue('');
  expect(screen.queryByRole('button', { name: 'Очистить: Город' })).not.toBeInTheDocument();
});

test('erasing the text and leaving the field removes the choice', async () => {
  stubSuggestions();
  const { input, user, onChange } = renderCity('г Москва');

  await user.clear(input);
  await user.tab();
  expect(onChange).toHaveBeenCalledWith(null);
  expect(input).toHaveValue('');
});

test('says when nothing matches and asks nothing for a single letter', async () => {
  const fetchMock = stubSuggestions([]);
  const { input, user } = renderCity();

  await user.type(input, 'К');
  // Longer than the debounce: had one letter been enough, the request would have gone by now.
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  expect(requestsTo(fetchMock, 'user/address/search')).toHaveLength(0);

  await user.type(input, 'щ');
  expect(await screen.findByText('Совпадений нет')).toBeInTheDocument();
  expect(input).toHaveAttribute('aria-expanded', 'false');
  await waitFor(() => expect(requestsTo(fetchMock, 'user/address/search')).toHaveLength(1));
});

test('while the answer for new text is on its way, the cities found for the old text are not offered for it', async () => {
  const OMSK = { value: 'г Омск', cityFiasId: '140e31da-27bf-4519-9ea0-6185d681d44e', geoLat: 54.98, geoLon: 73.36 };
  const TARA = { value: 'Омская обл, г Тара', cityFiasId: 'c0ffee00-0000-4000-8000-000000000002', geoLat: 56.9, geoLon: 74.4 };
  let answerKazan: () => void = () => undefined;
  const fetchMock = stubApi({
    'user/address/search': (url) => {
      const query = url.searchParams.get('query') ?? '';
      if (query.startsWith('Ом')) return { body: { data: { items: [OMSK, TARA] } } };
      // A slow network: the answer for «Каз» comes only when the test says so.
      return new Promise((resolve) => {
        answerKazan = () => resolve({ body: { data: { items: [KAZAN, KAZACHKA] } } });
      });
    },
  });
  const { input, user, onChange } = renderCity();

  await user.type(input, 'Ом');
  expect(await screen.findByRole('option', { name: 'г Омск' })).toBeInTheDocument();
  await user.clear(input);
  await user.type(input, 'Каз');
  await waitFor(() => expect(requestsTo(fetchMock, 'user/address/search').map((r) => r.searchParams.get('query'))).toContain('Каз'));

  // Omsk is no answer to «Каз»: not listed, not counted, not chosen by Enter.
  expect(screen.queryByRole('option')).not.toBeInTheDocument();
  expect(input).toHaveAttribute('aria-expanded', 'false');
  expect(screen.getByText('Ищем…')).toBeVisible();
  await user.keyboard('{ArrowDown}{Enter}');
  expect(onChange).not.toHaveBeenCalled();

  act(() => answerKazan());
  expect(await screen.findByRole('option', { name: 'г Казань' })).toBeInTheDocument();
  expect(screen.queryByRole('option', { name: 'г Омск' })).not.toBeInTheDocument();
});

test('refining the text keeps the cities found so far that still match it while the new answer loads', async () => {
  const KALUGA = { value: 'г Калуга', cityFiasId: 'c0ffee00-0000-4000-8000-000000000003', geoLat: 54.5, geoLon: 36.3 };
  stubApi({
    'user/address/search': (url) =>
      url.searchParams.get('query') === 'Ка' ? { body: { data: { items: [KAZAN, KALUGA] } } } : new Promise(() => undefined),
  });
  const { input, user } = renderCity();

  await user.type(input, 'Ка');
  expect(await screen.findByRole('option', { name: 'г Калуга' })).toBeInTheDocument();
  await user.type(input, 'з');

  expect(screen.getByRole('option', { name: 'г Казань' })).toBeInTheDocument();
  expect(screen.queryByRole('option', { name: 'г Калуга' })).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('1 вариант');
});

test('after a failed lookup, typing again asks again, even when the text comes back the same', async () => {
  let failing = true;
  const fetchMock = stubApi({
    'user/address/search': () => (failing ? { status: 500, body: { message: 'Ошибка', code: 'internal' } } : { body: { data: { items: [KAZAN] } } }),
  });
  const { input, user } = renderCity();

  await user.type(input, 'Каз');
  expect(await screen.findByText('Не удалось загрузить подсказки')).toBeVisible();
  failing = false;
  // One letter taken back and typed again, quicker than the pause that sends a lookup.
  await user.type(input, '{Backspace}з');

  expect(await screen.findByRole('option', { name: 'г Казань' })).toBeInTheDocument();
  // The failed lookup and its one retry (LOOKUP_QUERY_RETRY), then the lookup asked again.
  expect(requestsTo(fetchMock, 'user/address/search').map((r) => r.searchParams.get('query'))).toEqual(['Каз', 'Каз', 'Каз']);
});

describe('«Повторить» of cities that failed to load', () => {
  test('reached by Tab, asks for the same text again, busy meanwhile; with the cities, the focus is back in the field', async () => {
    const call = failsUntilRetried(() => fail(500, 'Ошибка'), () => ok({ items: [KAZAN, KAZACHKA] }));
    const fetchMock = stubApi({ 'user/address/search': call.handler });
    const { input, user, onChange } = renderCity();

    await user.type(input, 'Каз');
    expect(await screen.findByText('Не удалось загрузить подсказки')).toBeVisible();
    // The field's own control, next after it: the typed text stays (leaving the field would bring back the choice).
    await user.tab();
    const retry = screen.getByRole('button', { name: 'Повторить' });
    expect(retry).toHaveFocus();
    expect(input).toHaveValue('Каз');
    await call.retry(retry);
    expect(screen.getByRole('status')).toHaveTextContent('Не удалось загрузить подсказки');

    act(() => call.answer());
    expect(await screen.findByRole('option', { name: 'г Казань' })).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    // The failed lookup and its one retry (LOOKUP_QUERY_RETRY), then «Повторить».
    expect(requestsTo(fetchMock, 'user/address/search').map((r) => r.searchParams.get('query'))).toEqual(['Каз', 'Каз', 'Каз']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith({ cityFiasId: KAZAN.cityFiasId, name: 'г Казань' });
  });

  test('while it asks again, the cities found for an earlier text are not offered, though they hold the text', async () => {
    const KALUGA = { value: 'г Калуга', cityFiasId: 'c0ffee00-0000-4000-8000-000000000003', geoLat: 54.5, geoLon: 36.3 };
    const call = failsUntilRetried(() => fail(500, 'Ошибка'), () => ok({ items: [KAZACHKA] }));
    stubApi({ 'user/address/search': (url) => (url.searchParams.get('query') === 'Ка' ? ok({ items: [KAZAN, KALUGA] }) : call.handler()) });
    const { input, user, onChange } = renderCity();

    await user.type(input, 'Ка');
    expect(await screen.findByRole('option', { name: 'г Казань' })).toBeInTheDocument();
    await user.type(input, 'з');
    expect(await screen.findByText('Не удалось загрузить подсказки')).toBeVisible();
    await user.tab();
    await call.retry(screen.getByRole('button', { name: 'Повторить' }));

    // «г Казань» holds «Каз», but it was found for «Ка»: not listed, not chosen by Enter.
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Не удалось загрузить подсказки');

    act(() => call.answer());
    expect(await screen.findByRole('option', { name: 'Саратовская обл, г Казачка' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'г Казань' })).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });
});
