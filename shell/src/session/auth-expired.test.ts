import { bus } from 'shared';
import { afterExpiry, listenForAuthExpired } from './auth-expired';

// An expired session leaves the tab at '/', with the sign-in a link asked for still asked (QA FFF-4),
// on the page the link named (QA MMM-4).

test("'/' after an expiry; a sign-in the address asked for stays asked, on its page, with where it goes on to", () => {
  expect(afterExpiry('')).toBe('/');
  expect(afterExpiry('?page=2', '/application')).toBe('/');
  expect(afterExpiry('?auth=login')).toBe('/?auth=login');
  expect(afterExpiry('?auth=login&redirect=%2Flk%2Fmoney')).toBe('/?auth=login&redirect=%2Flk%2Fmoney');
  expect(afterExpiry('?auth=register')).toBe('/?auth=register');
  expect(afterExpiry('?page=2&auth=login', '/application')).toBe('/application?page=2&auth=login');
});

test("from a cabinet page, '/' with the sign-in that goes back to it, as the cabinet's guard sends a visitor (QA AAV-1)", () => {
  expect(afterExpiry('', '/lk/profile')).toBe('/?auth=login&redirect=%2Flk%2Fprofile');
  expect(afterExpiry('?messagingId=4', '/lk/message')).toBe('/?auth=login&redirect=%2Flk%2Fmessage%3FmessagingId%3D4');
  expect(afterExpiry('', '/lk')).toBe('/?auth=login&redirect=%2Flk');
  expect(afterExpiry('', '/lkx')).toBe('/');
});

test('the expiry clears the cached data and goes there', () => {
  const navigate = jest.fn();
  const clear = jest.fn();
  const stop = listenForAuthExpired(navigate, { clear } as never, () => ({ pathname: '/', search: '?auth=login&redirect=%2Flk' }));
  bus.emit('auth:expired', { reason: 'refresh-failed' });
  stop();
  expect(clear).toHaveBeenCalledTimes(1);
  expect(navigate).toHaveBeenCalledWith('/?auth=login&redirect=%2Flk');
});
