import Cookies from 'js-cookie';
import {
  clearSmsCountdown,
  forgetSentCode,
  getSmsCountdownSeconds,
  hasSentCode,
  rememberSentCode,
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

describe('a sent code, remembered per purpose', () => {
  afterEach(() => sessionStorage.clear());

  it('may be entered for the 10 minutes it lives, for its own purpose only, until forgotten', () => {
    rememberSentCode('contract-sign:73', 1_800_000_000);
    expect(hasSentCode('contract-sign:73', 1_800_000_001)).toBe(true);
    expect(hasSentCode('contract-sign:73', 1_800_000_599)).toBe(true);
    expect(hasSentCode('report-sign:73', 1_800_000_001)).toBe(false);
    expect(hasSentCode('contract-sign:74', 1_800_000_001)).toBe(false);
    forgetSentCode('contract-sign:73');
    expect(hasSentCode('contract-sign:73', 1_800_000_001)).toBe(false);
  });

  it('is gone once the code has expired', () => {
    rememberSentCode('cancel:5', 1_800_000_000);
    expect(hasSentCode('cancel:5', 1_800_000_600)).toBe(false);
    expect(sessionStorage.getItem('sms-code-sent:cancel:5')).toBeNull();
  });
});
