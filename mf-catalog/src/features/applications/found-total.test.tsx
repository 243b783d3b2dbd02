import { render, screen } from '@testing-library/react';
import { createTestQueryClient, makeApplication, setTestRuntimeConfig, TestProviders } from 'shared/testing';
import { getApplicationsQueryOptions } from './api/get-applications';
import { ApplicationResults } from './components/application-results';
import { applicationListMeta } from './lib/application-list-meta';
import { parseApplicationFilter } from './lib/application-filter';
import { formatFoundTotal } from './lib/found-total';

beforeEach(() => setTestRuntimeConfig());

const filter = parseApplicationFilter(new URLSearchParams('query=ремонт'));

/** The list's page in the cache as the API answers it, with or without an exact total. */
function cachedPage(totalExact: boolean | undefined) {
  const queryClient = createTestQueryClient();
  const page = { items: [makeApplication({ id: 1, name: 'Ремонт крыши' })], total: 10_000, page: 1, limit: 6, ...(totalExact === undefined ? {} : { totalExact }) };
  queryClient.setQueryData(getApplicationsQueryOptions(filter).queryKey, page);
  return queryClient;
}

describe('the application count', () => {
  it('says «больше 10 000 заявок» when the API only knows the total passed its cap', () => {
    render(
      <TestProviders queryClient={cachedPage(false)} initialEntries={['/application?query=ремонт']}>
        <ApplicationResults filter={filter} />
      </TestProviders>,
    );

    expect(screen.getByRole('status')).toHaveTextContent('Найдено больше 10 000 заявок');
    expect(screen.getByRole('heading', { level: 2, name: 'Ремонт крыши' })).toBeInTheDocument();
  });

  it('says the exact number otherwise, with the flag or without it', () => {
    render(
      <TestProviders queryClient={cachedPage(true)} initialEntries={['/application?query=ремонт']}>
        <ApplicationResults filter={filter} />
      </TestProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Найдено 10000 заявок');
    expect(formatFoundTotal(21)).toBe('Найдена 21 заявка');
    expect(formatFoundTotal(3, true)).toBe('Найдено 3 заявки');
  });

  it('none is «Заявок не найдено», the words the empty results announce, not «Найдено 0 заявок»', () => {
    expect(formatFoundTotal(0)).toBe('Заявок не найдено');
    expect(formatFoundTotal(1)).toBe('Найдена 1 заявка');
  });

  it('groups the digits with a no-break space, the same in Node and in the browser', () => {
    expect(formatFoundTotal(123_456, false)).toBe('Найдено больше 10\u00a0000 заявок');
  });

  it('the list page’s description says it too', () => {
    const meta = applicationListMeta({ queryClient: cachedPage(false), url: new URL('https://market.example/application?query=ремонт'), params: {} });

    expect(meta.description).toMatch(/^Найдено больше 10\u00a0000 заявок — «ремонт»\./);
  });
});
