import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, useSessionStore } from 'shared';
import { appQueryClient } from '../../session/app-query-client';
import { authData, ok, serveApi, setTestRuntimeConfig, testProfiles } from '../../testing/fake-api';
import { logInThroughDialog, renderAuth } from '../../testing/render-auth';
import { afterLogin, pageWithoutAuth } from './auth-params';
import { AuthDialogsWhenAsked } from './auth-dialogs-when-asked';

// QA: the page's #hash was lost around the login dialog (`/application/5#replies` came back as
// `/application/5`) on closing it, switching its mode, logging in and a login in another tab.

const setCookie = (cookie: string) => {
  document.cookie = cookie;
};

beforeEach(() => {
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
  appQueryClient.clear();
  bus.clear();
});

afterEach(() => {
  setCookie('token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
  setCookie('refresh_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
});

const href = (location: { pathname: string; search: string; hash: string }) => `${location.pathname}${location.search}${location.hash}`;

describe('pageWithoutAuth and afterLogin', () => {
  it('keep the page, its own search and its hash, without the dialog parameters', () => {
    const params = new URLSearchParams('tab=replies&auth=login');
    expect(pageWithoutAuth('/application/5', params, '#replies')).toBe('/application/5?tab=replies#replies');
    expect(pageWithoutAuth('/application/5', new URLSearchParams('auth=register'), '#replies')).toBe('/application/5#replies');
    expect(afterLogin('/application/5', params, '#replies')).toBe('/application/5?tab=replies#replies');
  });

  it('go to a redirect with a hash as it is (safeRedirect accepts a same-origin path with a hash)', () => {
    const params = new URLSearchParams({ auth: 'login', redirect: '/application/5?tab=1#replies' });
    expect(afterLogin('/', params, '#other')).toBe('/application/5?tab=1#replies');
    // Not another origin, with or without a hash.
    expect(afterLogin('/here', new URLSearchParams({ auth: 'login', redirect: '//evil.example/#x' }), '#top')).toBe('/here#top');
  });
});

describe('the dialogs keep the page’s #hash', () => {
  it('closing the dialog comes back to the page with its hash', async () => {
    const { location } = renderAuth('/application/5?tab=1&auth=login#replies');
    const dialog = screen.getByRole('dialog', { name: 'Вход' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(href(location())).toBe('/application/5?tab=1#replies'));
  });

  it('switching between login, registration and recovery keeps the hash', async () => {
    const { location } = renderAuth('/application/5?auth=login#replies');
    await userEvent.click(screen.getByRole('link', { name: 'Зарегистрироваться' }));
    expect(screen.getByRole('dialog', { name: 'Регистрация' })).toBeInTheDocument();
    expect(href(location())).toBe('/application/5?auth=register#replies');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Войти' }));
    await userEvent.click(screen.getByRole('link', { name: 'Забыли пароль?' }));
    expect(screen.getByRole('dialog', { name: 'Восстановление пароля' })).toBeInTheDocument();
    expect(href(location())).toBe('/application/5?auth=recovery#replies');
  });

  it('a login without a redirect stays on the page with its hash', async () => {
    serveApi({ 'POST login': () => ok(authData()), 'GET user/profile/list': () => ok({ items: testProfiles() }) });
    const { location } = renderAuth('/application/5?auth=login#replies');
    const dialog = screen.getByRole('dialog', { name: 'Вход' });
    await userEvent.type(within(dialog).getByLabelText('Номер телефона'), '9991234567');
    await userEvent.type(within(dialog).getByLabelText('Пароль'), 'secret-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(href(location())).toBe('/application/5#replies');
  });

  it('the list the page was opened from (its history state) stays through closing, switching and logging in (QA XXX-1)', async () => {
    serveApi({ 'POST login': () => ok(authData()), 'GET user/profile/list': () => ok({ items: testProfiles() }) });
    const from = { from: '/application/search?query=баня&attributeSort=price' };
    const { location } = renderAuth({ pathname: '/application/41', search: '?auth=login', state: from });
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Вход' })).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(href(location())).toBe('/application/41'));
    expect(location().state).toEqual(from);

    // Again, through registration and back to the login on the way.
    const header = renderAuth({ pathname: '/application/41', search: '?auth=login', state: from });
    await userEvent.click(screen.getByRole('link', { name: 'Зарегистрироваться' }));
    expect(header.location().state).toMatchObject(from);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Войти' }));
    expect(header.location().state).toMatchObject(from);
    await logInThroughDialog();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(href(header.location())).toBe('/application/41');
    expect(header.location().state).toEqual(from);
  });

  it('someone logged in already, asked for a dialog, stays on the page with its hash', async () => {
    setCookie('token=access; path=/');
    const { location } = renderAuth('/application/5?auth=login#replies', AuthDialogsWhenAsked);
    await waitFor(() => expect(href(location())).toBe('/application/5#replies'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
