import { act, renderHook } from '@testing-library/react';
import Cookies from 'js-cookie';
import { clearSmsCountdown } from './sms-countdown';
import { useSmsCountdown } from './use-sms-countdown';

beforeEach(() => {
  jest.useFakeTimers();
  clearSmsCountdown();
});
afterEach(() => jest.useRealTimers());

const now = () => Math.floor(Date.now() / 1000);

describe('useSmsCountdown', () => {
  it('starts from codeReceived + 60, ticks every second, and is read back from the cookie after a remount', () => {
    const first = renderHook(() => useSmsCountdown());
    expect(first.result.current.seconds).toBe(0);
    act(() => first.result.current.start(now()));
    expect(first.result.current.seconds).toBe(60);
    expect(Number(Cookies.get('sms_countdown'))).toBe(now() + 60);

    act(() => jest.advanceTimersByTime(20_000));
    expect(first.result.current.seconds).toBe(40);
    first.unmount();

    const second = renderHook(() => useSmsCountdown());
    expect(second.result.current.seconds).toBe(40);
    act(() => jest.advanceTimersByTime(40_000));
    expect(second.result.current.seconds).toBe(0);
  });

  it('counts from the server time of the code, not from the answer', () => {
    const { result } = renderHook(() => useSmsCountdown());
    act(() => result.current.start(now() - 15));
    expect(result.current.seconds).toBe(45);
  });
});
