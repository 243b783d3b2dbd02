import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { formatMoney, useSessionStore } from 'shared';
import { ok, serveApi, setTestRuntimeConfig, testProfiles, testUser } from '../../testing/fake-api';
import { Header } from './header';

// Which header widgets throw on render in the current test.
const mockBroken = new Set<'bell' | 'balance' | 'profile'>();

function breakable<P extends object>(key: 'bell' | 'balance' | 'profile', Actual: (props: P) => unknown) {
  return (props: P) => {
    if (mockBroken.has(key)) throw new Error(`${key} failed`);
    return Actual(props);
  };
}

jest.mock('./account/notification-bell', () => {
  const actual = jest.requireActual('./account/notification-bell');
  return { NotificationBell: breakable('bell', actual.NotificationBell) };
});
jest.mock('./account/balance-link', () => {
  const actual = jest.requireActual('./account/balance-link');
  return { BalanceLink: breakable('balance', actual.BalanceLink) };
});
jest.mock('./account/profile-switcher', () => {
  const actual = jest.requireActual('./account/profile-switcher');
  return { ...actual, ProfileSwitcher: breakable('profile', actual.ProfileSwitcher) };
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/application']}>
        <Header />
        <main>
          <h1>Заявки</h1>
        </main>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  mockBroken.clear();
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
  useSessionStore.getState().setTokens('access-1', 'refresh-1');
  serveApi({
    'GET user/get/token': () => ok(testUser({ activeProfileId: 12 })),
    'GET user/profile/list': () => ok({ items: testProfiles().map((p) => ({ ...p, active: p.id === 12 })) }),
    'GET balance/get/token': () => ok({ profileId: 12, amount: 1500.5, currency: 'RUB' }),
    'GET notification/get-collection': () => ok({ items: [], total: 0, page: 1, limit: 10, unread: 2 }),
  });
  // React reports every caught render error on the console; the boundary logs it too.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('a header widget that fails', () => {
  it('the bell: says «Уведомления недоступны», the account and the page stay', async () => {
    mockBroken.add('bell');
    renderPage();
    expect(await screen.findByText('Уведомления недоступны')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: `Баланс: ${formatMoney(1500.5)}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Основная навигация' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Заявки' })).toBeInTheDocument();
  });

  it('the balance: says «Баланс недоступен», the rest of the account, the bell and the page stay', async () => {
    mockBroken.add('balance');
    renderPage();
    expect(await screen.findByText('Баланс недоступен')).toBeInTheDocument();
    expect(await screen.findByText('Иван Петров')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Профиль: Заказчик' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 2' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Заявки' })).toBeInTheDocument();
  });

  it('the account menu: says «Меню аккаунта недоступно» and still offers «Выйти»; the bell and the page stay', async () => {
    mockBroken.add('profile');
    renderPage();
    expect(await screen.findByText('Меню аккаунта недоступно')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 2' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Заявки' })).toBeInTheDocument();
  });
});
