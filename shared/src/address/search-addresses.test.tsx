import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { requestsTo, setTestRuntimeConfig, stubApi } from '../testing/fake-api';
import { ADDRESS_MIN_CHARS, CITY_MIN_CHARS, useAddressSuggestions, useCitySuggestions } from './search-addresses';

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
  const city = renderHook(() => useCitySuggestions('Ка'), { wrapper: wrapperWith(client) });

  await waitFor(() => expect(city.result.current.data?.items).toEqual([KAZAN]));
  expect(address.result.current.fetchStatus).toBe('idle');
  expect(requestsTo(fetchMock, 'user/address/search').map((r) => r.searchParams.get('query'))).toEqual(['Ка']);
});

test('a city field asks for cities alone (bound=city), an address field for any address: each keeps its own answer', async () => {
  const STREET = { ...KAZAN, value: 'г Казань, ул Баумана' };
  const fetchMock = stubApi({
    'user/address/search': (url) => ({ body: { data: { items: url.searchParams.get('bound') === 'city' ? [KAZAN] : [STREET, KAZAN] } } }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });

  const city = renderHook(() => useCitySuggestions('Казань ул'), { wrapper: wrapperWith(client) });
  const address = renderHook(() => useAddressSuggestions('Казань ул'), { wrapper: wrapperWith(client) });

  await waitFor(() => expect(city.result.current.data?.items).toEqual([KAZAN]));
  await waitFor(() => expect(address.result.current.data?.items).toEqual([STREET, KAZAN]));
  const requests = requestsTo(fetchMock, 'user/address/search');
  expect(requests.map((r) => r.searchParams.get('bound')).sort()).toEqual(['city', null]);
  // The same text asked again by another city field is answered from the cache.
  renderHook(() => useCitySuggestions('Казань ул'), { wrapper: wrapperWith(client) });
  expect(requestsTo(fetchMock, 'user/address/search')).toHaveLength(2);
});
