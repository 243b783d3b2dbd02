import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { hydrateSessionFromCookies, useSessionStore, type SessionProfile, type SessionUser } from 'shared';
import { CabinetNav } from './cabinet-nav';

const profiles: SessionProfile[] = [
  { id: 12, type: 'customer', name: 'Иван Петров', active: false },
  { id: 13, type: 'executor', name: 'Иван Петров', active: false },
  { id: 20, type: 'organization', name: 'ООО «Ромашка»', active: false },
];

function logIn(activeProfileId: number | null) {
  const store = useSessionStore.getState();
  store.setTokens('access-1', 'refresh-1');
  store.setProfiles(profiles);
  store.setUser({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId } as SessionUser);
}

function renderAt(path: string) {
  const page = () => <h1>Страница</h1>;
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: () => (
          <>
            <CabinetNav />
            <Outlet />
          </>
        ),
        children: [{ path: '*', Component: page }, { index: true, Component: page }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const nav = () => screen.getByRole('navigation', { name: 'Разделы личного кабинета' });
const labels = () => within(nav()).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);

afterEach(() => act(() => useSessionStore.getState().clear()));

test('a customer reaches every section of the cabinet: its applications, messages, facilities, balance, organisations and profile', () => {
  logIn(12);
  renderAt('/lk');
  expect(labels()).toEqual([
    ['Обзор', '/lk'],
    ['Мои заявки', '/lk/application'],
    ['Сообщения', '/lk/message'],
    ['Баланс', '/lk/money'],
    ['Организации', '/lk/organization'],
    ['Профиль', '/lk/profile'],
    ['Мои объекты', '/lk/facility'],
  ]);
});

test('an executor has its services instead of facilities; an organisation has both and its staff', () => {
  logIn(13);
  renderAt('/lk');
  expect(labels().map(([label]) => label)).toEqual(['Обзор', 'Мои заявки', 'Сообщения', 'Баланс', 'Организации', 'Профиль', 'Мои услуги']);
  act(() => useSessionStore.getState().setUser({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: 20 } as SessionUser));
  expect(labels().map(([label]) => label)).toEqual([
    'Обзор',
    'Мои заявки',
    'Сообщения',
    'Баланс',
    'Организации',
    'Профиль',
    'Мои объекты',
    'Мои услуги',
    'Сотрудники',
  ]);
});

test('without a profile only what needs none is offered', () => {
  logIn(null);
  renderAt('/lk/profile');
  expect(labels().map(([label]) => label)).toEqual(['Обзор', 'Организации', 'Профиль']);
});

test('while the user or his profiles could not be loaded, the sections every profile has are offered, not the three of a user without one', () => {
  // Logged in, nothing loaded (the API unreachable at start).
  act(() => useSessionStore.getState().setTokens('access-1', 'refresh-1'));
  renderAt('/lk');
  const common = ['Обзор', 'Мои заявки', 'Сообщения', 'Баланс', 'Организации', 'Профиль'];
  expect(labels().map(([label]) => label)).toEqual(common);
  // The user loaded, his profiles not: the same.
  act(() => useSessionStore.getState().setUser({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: 13 } as SessionUser));
  expect(labels().map(([label]) => label)).toEqual(common);
  // Once known, the profile's own.
  act(() => useSessionStore.getState().setProfiles(profiles));
  expect(labels().map(([label]) => label)).toEqual(['Обзор', 'Мои заявки', 'Сообщения', 'Баланс', 'Организации', 'Профиль', 'Мои услуги']);
});

test('a first visit, with no type remembered, only gains sections at the row\'s end when the profiles come: none moves under the finger (QA NN-2)', () => {
  for (const [activeProfileId, type] of [
    [12, 'customer'],
    [13, 'executor'],
    [20, 'organization'],
  ] as const) {
    // Logged in in this browser for the first time: the user is known, his profiles still coming.
    act(() => useSessionStore.getState().setTokens('access-1', 'refresh-1'));
    act(() => useSessionStore.getState().setUser({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId } as SessionUser));
    renderAt('/lk');
    const loading = labels();
    act(() => useSessionStore.getState().setProfiles(profiles));
    const loaded = labels();
    expect(useSessionStore.getState().activeProfile?.type).toBe(type);
    expect(loaded.length).toBeGreaterThan(loading.length);
    expect(loaded.slice(0, loading.length)).toEqual(loading);
    cleanup();
    act(() => useSessionStore.getState().clear());
  }
});

test('a browser that knew the active profile shows its row at once, before the profiles come, and not after the logout (QA O-4)', () => {
  // The last visit knew an organisation.
  logIn(20);
  expect(localStorage.getItem('session:profile-type')).toBe('organization');
  // A new tab: the cookies are there, nothing is loaded yet.
  act(() => useSessionStore.setState({ user: null, profiles: [], activeProfile: null, rememberedProfileType: null }));
  act(() => hydrateSessionFromCookies());
  renderAt('/lk');
  const organizationRow = ['Обзор', 'Мои заявки', 'Сообщения', 'Баланс', 'Организации', 'Профиль', 'Мои объекты', 'Мои услуги', 'Сотрудники'];
  expect(labels().map(([label]) => label)).toEqual(organizationRow);
  // The user comes, his profiles not yet: still the same row.
  act(() => useSessionStore.getState().setUser({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: 20 } as SessionUser));
  expect(labels().map(([label]) => label)).toEqual(organizationRow);
  // He switched to his executor profile in another browser meanwhile: the profiles decide.
  act(() => useSessionStore.getState().setUser({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: 13 } as SessionUser));
  act(() => useSessionStore.getState().setProfiles(profiles));
  expect(labels().map(([label]) => label)).toEqual(['Обзор', 'Мои заявки', 'Сообщения', 'Баланс', 'Организации', 'Профиль', 'Мои услуги']);
  expect(localStorage.getItem('session:profile-type')).toBe('executor');
  // The logout forgets it: the next person at this browser is not shown another's row.
  act(() => useSessionStore.getState().clear());
  expect(localStorage.getItem('session:profile-type')).toBeNull();
  act(() => useSessionStore.getState().setTokens('access-2', 'refresh-2'));
  act(() => hydrateSessionFromCookies());
  expect(useSessionStore.getState().rememberedProfileType).toBeNull();
});

test('the section of the page is the current one, also on a page below it; the overview only on /lk itself', async () => {
  logIn(20);
  const router = renderAt('/lk/facility/5');
  expect(within(nav()).getByRole('link', { name: 'Мои объекты' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav()).getByRole('link', { name: 'Обзор' })).not.toHaveAttribute('aria-current');

  await userEvent.click(within(nav()).getByRole('link', { name: 'Сотрудники' }));
  expect(router.state.location.pathname).toBe('/lk/employee');
  expect(within(nav()).getByRole('link', { name: 'Сотрудники' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav()).getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
});

test('not on public pages, and not once the visitor is logged out', async () => {
  logIn(12);
  const router = renderAt('/application');
  expect(screen.queryByRole('navigation', { name: 'Разделы личного кабинета' })).not.toBeInTheDocument();
  await act(() => router.navigate('/lk'));
  expect(nav()).toBeInTheDocument();
  act(() => useSessionStore.getState().clear());
  expect(screen.queryByRole('navigation', { name: 'Разделы личного кабинета' })).not.toBeInTheDocument();
});

test('a path that only starts like the cabinet\'s is not the cabinet', () => {
  logIn(12);
  renderAt('/lkx');
  expect(screen.queryByRole('navigation', { name: 'Разделы личного кабинета' })).not.toBeInTheDocument();
});
