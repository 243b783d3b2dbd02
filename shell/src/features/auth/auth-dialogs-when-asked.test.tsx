import { screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { fail, ok, serveApi, testUser } from '../../testing/fake-api';
import { renderAuth, resetAuthFlows } from '../../testing/render-auth';
import { AUTH_WITHOUT_SCRIPTS, AuthDialogsWhenAsked, AuthWithoutScripts } from './auth-dialogs-when-asked';

const renderAt = (path: string) => {
  const { location } = renderAuth(path, AuthDialogsWhenAsked);
  return () => `${location().pathname}${location().search}`;
};

const setCookie = (cookie: string) => {
  document.cookie = cookie;
};

beforeEach(() => resetAuthFlows());
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

describe('a dialog asked for with the cookies of a session', () => {
  it('is skipped once the session answers with its user', async () => {
    const api = serveApi({ 'GET user/get/token': () => ok(testUser()) });
    setCookie('token=access; path=/');
    const where = renderAt('/?auth=login&redirect=%2Flk%2Fmoney');
    await waitFor(() => expect(where()).toBe('/lk/money'));
    expect(api.callsTo('GET user/get/token')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens, the link kept, when that session was revoked elsewhere (QA FFF-4, III-5)', async () => {
    serveApi({
      'GET user/get/token': () => fail(401, 'Требуется авторизация'),
      'POST token/renew': () => fail(401, 'Сессия завершена'),
    });
    setCookie('token=access; path=/');
    setCookie('refresh_token=refresh; path=/');
    const where = renderAt('/?auth=login&redirect=%2Flk%2Fprofile');
    expect(await screen.findByRole('dialog', { name: 'Вход' })).toBeInTheDocument();
    expect(where()).toBe('/?auth=login&redirect=%2Flk%2Fprofile');
  });
});

describe('a dialog asked for without scripts', () => {
  const serverHtml = (path: string) =>
    renderToString(
      <MemoryRouter initialEntries={[path]}>
        <AuthWithoutScripts />
      </MemoryRouter>,
    );

  it('renders on the server a notice that only a browser running no scripts shows', () => {
    const html = serverHtml('/application?auth=login');
    expect(html).toMatch(/^<noscript>.*<\/noscript>$/);
    expect(html).toContain(AUTH_WITHOUT_SCRIPTS);
    expect(serverHtml('/?auth=register')).toContain(AUTH_WITHOUT_SCRIPTS);
  });

  it('says nothing where no dialog is asked for', () => {
    expect(serverHtml('/application')).toBe('');
    expect(serverHtml('/application?auth=other')).toBe('');
  });
});
