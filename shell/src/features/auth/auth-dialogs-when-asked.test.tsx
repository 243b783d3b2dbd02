import { screen, waitFor } from '@testing-library/react';
import { setTestRuntimeConfig } from '../../testing/fake-api';
import { renderAuth } from '../../testing/render-auth';
import { AuthDialogsWhenAsked } from './auth-dialogs-when-asked';

const renderAt = (path: string) => {
  const { location } = renderAuth(path, AuthDialogsWhenAsked);
  return () => `${location().pathname}${location().search}`;
};

const setCookie = (cookie: string) => {
  document.cookie = cookie;
};

beforeEach(() => setTestRuntimeConfig());
afterEach(() => {
  setCookie('token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
  setCookie('refresh_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
});

describe('a dialog asked for by the address', () => {
  it('opens for a guest', async () => {
    const where = renderAt('/executor?auth=login');
    expect(await screen.findByRole('dialog', { name: 'Вход' })).toBeInTheDocument();
    expect(where()).toBe('/executor?auth=login');
  });

  it('is skipped for someone logged in already: the address goes on to its redirect', async () => {
    setCookie('token=access; path=/');
    const where = renderAt('/?auth=login&redirect=%2Flk%2Fmoney');
    await waitFor(() => expect(where()).toBe('/lk/money'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is skipped with a refresh token alone too, leaving the page without the dialog and its own parameters kept', async () => {
    setCookie('refresh_token=refresh; path=/');
    const where = renderAt('/executor?page=2&auth=register');
    await waitFor(() => expect(where()).toBe('/executor?page=2'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
