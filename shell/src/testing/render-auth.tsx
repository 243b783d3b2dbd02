import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation, type InitialEntry, type Location } from 'react-router-dom';
import { bus, clearSmsCountdown, useSessionStore } from 'shared';
import { appQueryClient } from '../session/app-query-client';
import { setTestRuntimeConfig } from './fake-api';
import { AuthDialogs } from '../features/auth/auth-dialogs';

/**
 * The dialogs over a page with a 'Войти' link, on the app's query client; `location()` reads the
 * URL. `Dialogs`: the component that shows them (the dialogs themselves, or the layout's wrapper
 * that decides whether to).
 */
export function renderAuth(path: InitialEntry, Dialogs: ComponentType = AuthDialogs) {
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

/** The code was sent 'now' by the fake server; a slow run may render a second later. */
export const COUNTDOWN_FROM_A_MINUTE = /^Отправить код повторно через (5[5-9]|60) с$/;

/** Before each auth flow's test: a clean runtime config, session, query cache, SMS countdown, stored flow and bus. */
export function resetAuthFlows(): void {
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
  appQueryClient.clear();
  clearSmsCountdown();
  sessionStorage.clear();
  bus.clear();
}

/** Logs in through the open «Вход» dialog with the fake API's test account. */
export async function logInThroughDialog() {
  const dialog = await screen.findByRole('dialog', { name: 'Вход' });
  await userEvent.type(within(dialog).getByLabelText('Номер телефона'), '9991234567');
  await userEvent.type(within(dialog).getByLabelText('Пароль'), 'secret-password');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Войти' }));
}
