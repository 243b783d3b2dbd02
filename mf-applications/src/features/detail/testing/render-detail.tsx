import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { Component as DetailPage } from '../../../pages/application-detail-page';

/** The detail page at `/lk/application/detail/:id`, with stand-ins for where its links lead. */
export function renderDetail(id: number | string = 42) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  let current: Location | null = null;
  function LocationProbe() {
    current = useLocation();
    return null;
  }
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/lk/application/detail/${id}`]}>
        <Routes>
          <Route path="/lk/application/detail/:id" element={<DetailPage />} />
          <Route path="/lk/application" element={<h1>Мои заявки</h1>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const location = (): Location => {
    if (!current) throw new Error('The router has not rendered');
    return current;
  };
  return { ...utils, queryClient, location };
}
