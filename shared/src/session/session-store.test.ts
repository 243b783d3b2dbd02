import Cookies from 'js-cookie';
import { REFRESH_TOKEN_COOKIE, TOKEN_COOKIE } from './cookies';
import { getAccessToken, hydrateSessionFromCookies, useSessionStore, type SessionProfile } from './session-store';

const user = { id: 5, phone: '79991234567', name: 'Анна', email: null, activeProfileId: 12 };
const profiles: SessionProfile[] = [
  { id: 11, type: 'customer', name: 'Анна (заказчик)', active: false },
  { id: 12, type: 'executor', name: 'Анна (исполнитель)', active: true },
];

function clearCookies() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
}

beforeEach(() => {
  clearCookies();
  useSessionStore.setState({ token: null, refreshToken: null, user: null, profiles: [], activeProfile: null });
  jest.restoreAllMocks();
});

describe('useSessionStore', () => {
  it('stores tokens in cookies with the lifetimes of spec §9', () => {
    const set = jest.spyOn(Cookies, 'set');
    const now = Date.now();
    useSessionStore.getState().setTokens('access', 'refresh');

    expect(Cookies.get(TOKEN_COOKIE)).toBe('access');
    expect(Cookies.get(REFRESH_TOKEN_COOKIE)).toBe('refresh');
    const attrs = Object.fromEntries(set.mock.calls.map(([name, , a]) => [name, a]));
    const lifetime = (name: string) => ((attrs[name]?.expires as Date).getTime() - now) / 1000;
    expect(lifetime(TOKEN_COOKIE)).toBeCloseTo(3600, -1);
    expect(lifetime(REFRESH_TOKEN_COOKIE)).toBeCloseTo(2_592_000, -1);
    expect(attrs[TOKEN_COOKIE]).toMatchObject({ path: '/', sameSite: 'lax' });
    expect(attrs[REFRESH_TOKEN_COOKIE]).toMatchObject({ path: '/', sameSite: 'lax' });
    expect(useSessionStore.getState()).toMatchObject({ token: 'access', refreshToken: 'refresh' });
  });

  it('is authenticated with either token and not without both', () => {
    const s = useSessionStore.getState;
    expect(s().isAuthenticated()).toBe(false);
    useSessionStore.setState({ refreshToken: 'r' });
    expect(s().isAuthenticated()).toBe(true);
    useSessionStore.setState({ refreshToken: null, token: 't' });
    expect(s().isAuthenticated()).toBe(true);
  });

  it('derives the active profile from the user and the profile list in either order', () => {
    const s = useSessionStore.getState;
    s().setUser(user);
    expect(s().activeProfile).toBeNull();
    s().setProfiles(profiles);
    expect(s().activeProfile?.id).toBe(12);
    s().setUser({ ...user, activeProfileId: 11 });
    expect(s().activeProfile?.id).toBe(11);
  });

  it('clear() removes the cookies and empties the store', () => {
    const s = useSessionStore.getState;
    s().setTokens('access', 'refresh');
    s().setUser(user);
    s().setProfiles(profiles);
    s().clear();
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(Cookies.get(REFRESH_TOKEN_COOKIE)).toBeUndefined();
    expect(s()).toMatchObject({ token: null, refreshToken: null, user: null, profiles: [], activeProfile: null });
    expect(s().isAuthenticated()).toBe(false);
  });
});

describe('hydrateSessionFromCookies', () => {
  it('logs in a browser that holds the cookies', () => {
    Cookies.set(TOKEN_COOKIE, 'from-cookie', { path: '/' });
    Cookies.set(REFRESH_TOKEN_COOKIE, 'refresh-cookie', { path: '/' });
    hydrateSessionFromCookies();
    expect(useSessionStore.getState()).toMatchObject({ token: 'from-cookie', refreshToken: 'refresh-cookie' });
    expect(useSessionStore.getState().isAuthenticated()).toBe(true);
    expect(getAccessToken()).toBe('from-cookie');
  });

  it('leaves a guest logged out', () => {
    hydrateSessionFromCookies();
    expect(useSessionStore.getState().isAuthenticated()).toBe(false);
  });
});
