import { hydrate, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, createQueryClient, QueryView } from 'shared';
import { readSsrData, SSR_DATA_ID } from './ssr-data';

/*
 * A missing entity's page comes rendered from the server (a 404) with the API's answer inlined:
 * the browser shows its «not found» state from it, as the server did, without asking again.
 */
function inline(text: string) {
  document.body.innerHTML = `<div id="root"><main>…</main></div><script type="application/json" id="${SSR_DATA_ID}"></script>`;
  document.getElementById(SSR_DATA_ID)!.textContent = text;
}

afterEach(() => {
  document.body.innerHTML = '';
});

it('brings a query the API answered 404 back as the ApiError it was, and a page reading it asks the API nothing', async () => {
  // As the shell's server inlines a missing entity's page (server.tsx, through JSON).
  const error = { status: 404, code: 'not_found', message: 'Услуга не найдена' };
  const state = { status: 'error', error, fetchFailureReason: error, errorUpdatedAt: Date.now(), data: undefined, dataUpdatedAt: 0, fetchStatus: 'idle' };
  inline(JSON.stringify({ remote: 'mf_catalog', routePath: 'service/:id', state: { mutations: [], queries: [{ queryKey: ['service', 9], queryHash: '["service",9]', state }] } }));

  const data = readSsrData()!;
  const revived = data.state.queries[0]!.state.error;
  expect(revived).toBeInstanceOf(ApiError);
  expect(revived).toMatchObject({ status: 404, code: 'not_found', message: 'Услуга не найдена' });

  const client = createQueryClient();
  hydrate(client, data.state);
  const queryFn = jest.fn(async () => 'услуга');
  function ServicePage() {
    const query = useQuery({ queryKey: ['service', 9], queryFn, retryOnMount: false });
    return (
      <QueryView query={query} heading="Услуга" loadingLabel="Загружаем услугу…" notFound={{ title: 'Услуга не найдена', description: 'Её убрали.', backTo: '/service', backLabel: 'К услугам' }}>
        {(text) => <h1>{text}</h1>}
      </QueryView>
    );
  }
  render(<ServicePage />, {
    wrapper: ({ children }) => (
      <MemoryRouter>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </MemoryRouter>
    ),
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Услуга не найдена' })).toBeInTheDocument();
  expect(queryFn).not.toHaveBeenCalled();
});
