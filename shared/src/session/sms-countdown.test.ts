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
    setSmsCountdown(1_800_000_000, 1_800_000_000);
    expect(getSmsCountdownSeconds(1_800_000_000)).toBe(60);
    expect(getSmsCountdownSeconds(1_800_000_045)).toBe(15);
    expect(getSmsCountdownSeconds(1_800_000_060)).toBe(0);
    expect(getSmsCountdownSeconds(1_800_000_500)).toBe(0);
  });

  it('counts a minute on a device whose clock is minutes off, slow or fast, for a code just sent', () => {
    const sent = 1_800_000_000;
    // Five minutes slow: «через 358 с» before.
    setSmsCountdown(sent, sent - 300);
    expect(Cookies.get(SMS_COUNTDOWN_COOKIE)).toBe('1800000060');
    expect(getSmsCountdownSeconds(sent - 300)).toBe(60);
    expect(getSmsCountdownSeconds(sent - 300 + 45)).toBe(15);
    expect(getSmsCountdownSeconds(sent - 300 + 60)).toBe(0);
    // Five minutes fast: a resend offered at once, which the server refused.
    setSmsCountdown(sent, sent + 300);
    expect(getSmsCountdownSeconds(sent + 300)).toBe(60);
    expect(getSmsCountdownSeconds(sent + 330)).toBe(30);
  });

  it('counts the rest of the minute of a code a refusal told of (sent 20 s ago by this device’s clock)', () => {
    setSmsCountdown(1_800_000_000 - 20, 1_800_000_000);
    expect(getSmsCountdownSeconds(1_800_000_000)).toBe(40);
  });

  it('in another tab (the cookie alone) counts by the cookie, never past the minute', () => {
    // Another tab's countdown: the cookie only.
    Cookies.set(SMS_COUNTDOWN_COOKIE, '1800000060');
    expect(getSmsCountdownSeconds(1_800_000_030)).toBe(30);
    expect(getSmsCountdownSeconds(1_800_000_000 - 300)).toBe(60);
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
