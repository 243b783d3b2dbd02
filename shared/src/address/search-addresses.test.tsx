import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { requestsTo, setTestRuntimeConfig, stubApi } from '../testing/fake-api';
import { ADDRESS_MIN_CHARS, CITY_MIN_CHARS, useAddressSuggestions } from './search-addresses';

const KAZAN = { value: 'г Казань', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 };

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => setTestRuntimeConfig());

test('an address is looked up from three letters, a city (the catalogue’s filters) from two', async () => {
  const fetchMock = stubApi({ 'user/address/search': () => ({ body: { data: { items: [KAZAN] } } }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  expect([ADDRESS_MIN_CHARS, CITY_MIN_CHARS]).toEqual([3, 2]);

  const address = renderHook(() => useAddressSuggestions('Ка'), { wrapper: wrapperWith(client) });
  const city = renderHook(() => useAddressSuggestions('Ка', CITY_MIN_CHARS), { wrapper: wrapperWith(client) });

  await waitFor(() => expect(city.result.current.data?.items).toEqual([KAZAN]));
  expect(address.result.current.fetchStatus).toBe('idle');
  expect(requestsTo(fetchMock, 'user/address/search').map((r) => r.searchParams.get('query'))).toEqual(['Ка']);
});

test('both ask the same question once: one cache entry for a text, whichever field typed it', async () => {
  const fetchMock = stubApi({ 'user/address/search': () => ({ body: { data: { items: [KAZAN] } } }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });

  const city = renderHook(() => useAddressSuggestions('Каз', CITY_MIN_CHARS), { wrapper: wrapperWith(client) });
  await waitFor(() => expect(city.result.current.data?.items).toEqual([KAZAN]));
  const address = renderHook(() => useAddressSuggestions('Каз'), { wrapper: wrapperWith(client) });

  expect(address.result.current.data?.items).toEqual([KAZAN]);
  expect(requestsTo(fetchMock, 'user/address/search')).toHaveLength(1);
});
