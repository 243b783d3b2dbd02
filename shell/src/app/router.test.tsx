import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import type { RemoteRoute } from 'shared';
import { RELOAD_KEY } from '../features/reload/reload-guard';
import type { GuardSession } from '../guards/guards';
import type { RemoteName } from '../remotes/registry';
import { BudgetExceeded } from '../remotes/budget';
import { RemoteLoadError } from '../remotes/remote-load-error';
import { createAppRoutes } from './router';

const page = (text: string) => async () => ({ Component: () => <h1>{text}</h1> });

const fakeRoutes: Partial<Record<RemoteName, RemoteRoute[]>> = {
  mf_catalog: [{ path: '', lazy: page('Главная'), handle: { title: 'Главная' } }],
  mf_cabinet: [
    { path: 'profile', lazy: page('Профиль'), handle: { title: 'Профиль', guards: ['auth'] } },
    { path: 'money', lazy: page('Баланс'), handle: { title: 'Баланс', guards: ['auth', 'profile'] } },
    { path: 'facility/:id', lazy: async () => ({ Component: FacilityId }), handle: { title: 'Объект' } },
  ],
};

function FacilityId() {
  return <h1>Объект {useParams().id}</h1>;
}

// Fake remotes on the mounts the runtime configuration gives the real ones.
const mounts = [
  { name: 'mf_catalog', mount: '/' },
  { name: 'mf_cabinet', mount: '/lk' },
];

function setup(path: string, session: GuardSession, failing = new Set<RemoteName>()) {
  const loadRoutes = jest.fn(async (remote: RemoteName) => {
    if (failing.has(remote)) throw new RemoteLoadError(remote, new Error('Failed to fetch'));
    return fakeRoutes[remote] ?? [];
  });
  const router = createMemoryRouter(createAppRoutes({ mounts, loadRoutes, readSession: () => session }), {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return { router, loadRoutes };
}

const guest = { isAuthenticated: false, hasActiveProfile: undefined };

describe('app router', () => {
  beforeEach(() => window.sessionStorage.setItem(RELOAD_KEY, String(Date.now())));

  it('renders a remote page inside the layout and sets the title', async () => {
    setup('/', guest);
    expect(await screen.findByRole('heading', { name: 'Главная' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти к содержимому' })).toHaveAttribute('href', '#main');
    expect(document.title).toBe('Главная — Маркетплейс услуг');
  });

  it('redirects a guest from an auth route to the login dialog with the redirect param', async () => {
    const { router } = setup('/lk/profile', guest);
    expect(await screen.findByRole('dialog', { name: 'Вход' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/lk/profile');
  });

  it('redirects a user without an active profile to /lk/profile', async () => {
    const { router } = setup('/lk/money', { isAuthenticated: true, hasActiveProfile: false });
    expect(await screen.findByRole('heading', { name: 'Профиль' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lk/profile');
  });

  it('shows "Page not found: {path}" for an unmatched route', async () => {
    setup('/no-such-page', guest);
    expect(await screen.findByText('Page not found: /no-such-page')).toBeInTheDocument();
  });

  it("shows 404 for a path under a remote's mount that none of its routes match", async () => {
    setup('/lk/no-such-page', guest);
    expect(await screen.findByText('Page not found: /lk/no-such-page')).toBeInTheDocument();
  });

  it('answers 404 for a path with an encoded «?» or «#», as the server does, instead of a blank page', async () => {
    setup('/lk/money%3Fpage=2', guest);
    expect(await screen.findByText('Page not found: /lk/money%3Fpage=2')).toBeInTheDocument();
    setup('/lk/profile%23top', guest);
    expect(await screen.findByText('Page not found: /lk/profile%23top')).toBeInTheDocument();
  });

  it("gives the page its route's params, matched below the mount", async () => {
    setup('/lk/facility/42', guest);
    expect(await screen.findByRole('heading', { name: 'Объект 42' })).toBeInTheDocument();
  });

  it('serves a page a remote adds to its routes, with the same shell routes', async () => {
    const { router } = setup('/lk/reviews', guest);
    expect(await screen.findByText('Page not found: /lk/reviews')).toBeInTheDocument();
    // The remote is redeployed with a new page; the shell is the same object, not rebuilt.
    fakeRoutes.mf_cabinet!.push({ path: 'reviews', lazy: page('Отзывы'), handle: { title: 'Отзывы' } });
    try {
      await act(() => router.navigate('/lk/reviews?again=1'));
      expect(await screen.findByRole('heading', { name: 'Отзывы' })).toBeInTheDocument();
    } finally {
      fakeRoutes.mf_cabinet!.pop();
    }
  });

  it('without a remote at `/`, other paths get the catch-all 404', async () => {
    const router = createMemoryRouter(
      createAppRoutes({ mounts: [{ name: 'mf_cabinet', mount: '/lk' }], loadRoutes: async () => [], readSession: () => guest }),
      { initialEntries: ['/about'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Page not found: /about')).toBeInTheDocument();
  });

  it('shows the error panel for a remote that fails, and retries on "Повторить"', async () => {
    const failing = new Set<RemoteName>(['mf_cabinet']);
    const { loadRoutes } = setup('/lk/profile', { isAuthenticated: true, hasActiveProfile: true }, failing);
    expect(await screen.findByRole('heading', { name: 'Не удалось загрузить раздел' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Основная навигация' })).toBeInTheDocument();
    failing.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Профиль' })).toBeInTheDocument();
    expect(loadRoutes).toHaveBeenCalledTimes(2);
  });

  it('a remote that never answered (its time budget ran out) shows the panel at once, without the reload a failed fetch gets', async () => {
    // No reload for a while: a failed fetch would reload the page once (a deploy may have replaced the files).
    window.sessionStorage.removeItem(RELOAD_KEY);
    const loadRoutes = jest.fn(async (remote: RemoteName) => {
      if (remote === 'mf_cabinet') throw new RemoteLoadError(remote, new BudgetExceeded('mf_cabinet/routes: больше 15000 мс'));
      return fakeRoutes[remote] ?? [];
    });
    render(<RouterProvider router={createMemoryRouter(createAppRoutes({ mounts, loadRoutes, readSession: () => guest }), { initialEntries: ['/lk/profile'] })} />);
    expect(await screen.findByRole('heading', { name: 'Не удалось загрузить раздел' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(RELOAD_KEY)).toBeNull();
  });

  it('keeps other routes working while a remote is down', async () => {
    const { router } = setup('/lk/profile', guest, new Set<RemoteName>(['mf_cabinet']));
    expect(await screen.findByText('Не удалось загрузить раздел')).toBeInTheDocument();
    await act(() => router.navigate('/'));
    expect(await screen.findByRole('heading', { name: 'Главная' })).toBeInTheDocument();
  });
});
