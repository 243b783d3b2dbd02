import Cookies from 'js-cookie';
import {
  clearSmsCountdown,
  getSmsCountdownSeconds,
  setSmsCountdown,
  SMS_COUNTDOWN_COOKIE,
} from './sms-countdown';

afterEach(() => {
  clearSmsCountdown();
  jest.restoreAllMocks();
});

describe('SMS countdown cookie', () => {
  it('holds codeReceived + 60 and lives 600 s', () => {
    const set = jest.spyOn(Cookies, 'set');
    const now = Date.now();
    setSmsCountdown(1_800_000_000);
    expect(Cookies.get(SMS_COUNTDOWN_COOKIE)).toBe('1800000060');
    const expires = set.mock.calls[0]?.[2]?.expires as Date;
    expect((expires.getTime() - now) / 1000).toBeCloseTo(600, -1);
  });

  it('counts down to zero', () => {
    setSmsCountdown(1_800_000_000);
    expect(getSmsCountdownSeconds(1_800_000_000)).toBe(60);
    expect(getSmsCountdownSeconds(1_800_000_045)).toBe(15);
    expect(getSmsCountdownSeconds(1_800_000_060)).toBe(0);
    expect(getSmsCountdownSeconds(1_800_000_500)).toBe(0);
  });

  it('is zero without the cookie', () => {
    expect(getSmsCountdownSeconds(1_800_000_000)).toBe(0);
  });
});
