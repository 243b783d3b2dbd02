import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { appQueryClient } from '../session/app-query-client';
import { AuthDialogs } from '../features/auth/auth-dialogs';

/**
 * The dialogs over a page with a 'Войти' link, on the app's query client; `location()` reads the
 * URL. `Dialogs`: the component that shows them (the dialogs themselves, or the layout's wrapper
 * that decides whether to).
 */
export function renderAuth(path: string, Dialogs: ComponentType = AuthDialogs) {
  let current: Location | null = null;
  function Probe() {
    current = useLocation();
    return null;
  }
  const utils = render(
    <QueryClientProvider client={appQueryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <Link to="?auth=login">Войти</Link>
                <Dialogs />
                <Probe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const location = () => {
    if (!current) throw new Error('The router has not rendered');
    return current;
  };
  return { ...utils, location };
}
