import { StubBroadcastChannel } from '../testing/broadcast-channel';
import {
  announceLogin,
  announceLogout,
  LOGIN_STORAGE_KEY,
  LOGOUT_STORAGE_KEY,
  onLoginElsewhere,
  onLogoutElsewhere,
  resetSessionBroadcast,
  SESSION_CHANNEL_NAME,
} from './session-broadcast';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const globals = globalThis as { BroadcastChannel?: unknown };

afterEach(() => {
  resetSessionBroadcast();
  for (const ch of [...StubBroadcastChannel.open]) ch.close();
  delete globals.BroadcastChannel;
});

describe('with BroadcastChannel', () => {
  beforeEach(() => {
    globals.BroadcastChannel = StubBroadcastChannel;
    resetSessionBroadcast();
  });

  it("tells the other tabs of a logout, and this tab's listener does not hear its own", async () => {
    const otherTab = new StubBroadcastChannel(SESSION_CHANNEL_NAME);
    const heardThere: unknown[] = [];
    otherTab.addEventListener('message', (event) => heardThere.push(event.data));
    const heardHere = jest.fn();
    onLogoutElsewhere(heardHere);

    announceLogout();
    await flush();
    expect(heardThere).toEqual([{ type: 'logout' }]);
    expect(heardHere).not.toHaveBeenCalled();
  });

  it("hears another tab's logout until unsubscribed, and nothing else on the channel", async () => {
    const otherTab = new StubBroadcastChannel(SESSION_CHANNEL_NAME);
    const listener = jest.fn();
    const stop = onLogoutElsewhere(listener);
    otherTab.postMessage({ type: 'something-else' });
    otherTab.postMessage({ type: 'logout' });
    await flush();
    expect(listener).toHaveBeenCalledTimes(1);

    stop();
    otherTab.postMessage({ type: 'logout' });
    await flush();
    expect(listener).toHaveBeenCalledTimes(1);
  });
  it("tells the other tabs who logged in; a login is not a logout, nor the other way round", async () => {
    const otherTab = new StubBroadcastChannel(SESSION_CHANNEL_NAME);
    const heardThere: unknown[] = [];
    otherTab.addEventListener('message', (event) => heardThere.push(event.data));
    const loginHere = jest.fn();
    const logoutHere = jest.fn();
    onLoginElsewhere(loginHere);
    onLogoutElsewhere(logoutHere);

    announceLogin(7);
    await flush();
    expect(heardThere).toEqual([{ type: 'login', userId: 7 }]);
    expect(loginHere).not.toHaveBeenCalled();

    otherTab.postMessage({ type: 'login', userId: 12 });
    otherTab.postMessage({ type: 'login', userId: 'twelve' });
    otherTab.postMessage({ type: 'logout' });
    await flush();
    expect(loginHere.mock.calls).toEqual([[12]]);
    expect(logoutHere).toHaveBeenCalledTimes(1);
  });
});

describe('without BroadcastChannel (the storage event)', () => {
  beforeEach(() => resetSessionBroadcast());

  it('writes and removes the key (the write fires `storage` in the other tabs)', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    announceLogout();
    expect(setItem).toHaveBeenCalledWith(LOGOUT_STORAGE_KEY, expect.any(String));
    expect(window.localStorage.getItem(LOGOUT_STORAGE_KEY)).toBeNull();
    setItem.mockRestore();
  });

  it("hears another tab's write of the key, not its removal nor other keys", () => {
    const listener = jest.fn();
    const stop = onLogoutElsewhere(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '1' }));
    window.dispatchEvent(new StorageEvent('storage', { key: LOGOUT_STORAGE_KEY, newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: LOGOUT_STORAGE_KEY, newValue: '1735689600000' }));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: LOGOUT_STORAGE_KEY, newValue: '1735689600001' }));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a login writes its own key with the user, and is heard from it alone', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    announceLogin(7);
    expect(setItem).toHaveBeenCalledWith(LOGIN_STORAGE_KEY, expect.stringContaining('"userId":7'));
    expect(window.localStorage.getItem(LOGIN_STORAGE_KEY)).toBeNull();
    setItem.mockRestore();

    const login = jest.fn();
    const logout = jest.fn();
    onLoginElsewhere(login);
    onLogoutElsewhere(logout);
    window.dispatchEvent(new StorageEvent('storage', { key: LOGIN_STORAGE_KEY, newValue: 'not json' }));
    window.dispatchEvent(new StorageEvent('storage', { key: LOGIN_STORAGE_KEY, newValue: JSON.stringify({ type: 'login', userId: 12, at: 1 }) }));
    expect(login.mock.calls).toEqual([[12]]);
    expect(logout).not.toHaveBeenCalled();
  });
});
