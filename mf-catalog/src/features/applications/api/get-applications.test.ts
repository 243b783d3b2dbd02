import { QueryClient } from '@tanstack/react-query';
import { parseApplicationFilter } from '../lib/application-filter';
import { setTestRuntimeConfig, stubFetch } from '../../../testing/render-route';
import { getApplicationsQueryOptions, prefetchApplications } from './get-applications';

const emptyPage = { data: { items: [], total: 0, page: 1, limit: 6 } };

describe('prefetchApplications', () => {
  beforeEach(() => setTestRuntimeConfig());

  it("fills the very query the list page asks for first, so the page sends no second request", async () => {
    const fetchMock = stubFetch(() => ({ body: emptyPage }));
    const queryClient = new QueryClient();
    const url = new URL('http://localhost:3000/application/search?address=0c5b2444&services=3,7&page=2');

    await prefetchApplications({ queryClient, url, params: {} });

    // No result names services 3 and 7: the catalogue is read too, for the chips and the title (QA AAG-3).
    expect(fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname)).toEqual(['/api/application/get-collection', '/api/service/get-collection/filter']);
    const asked = new URL(String(fetchMock.mock.calls[0]![0]));
    expect(asked.pathname).toBe('/api/application/get-collection');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ address: '0c5b2444', services: '3,7', page: '2', limit: '6' });
    // The page's own options (same filter from the same URL) find the data already cached.
    const pageOptions = getApplicationsQueryOptions(parseApplicationFilter(url.searchParams));
    expect(queryClient.getQueryData(pageOptions.queryKey)).toEqual(emptyPage.data);
  });
});
