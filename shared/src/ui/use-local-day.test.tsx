import { act, render, screen } from '@testing-library/react';
import { useLocalDay } from './use-local-day';

function Today() {
  return <p>{useLocalDay()}</p>;
}

afterEach(() => jest.useRealTimers());

test('turns to the next day at local midnight on a page left open, and again the night after', () => {
  jest.useFakeTimers({ now: new Date(2026, 11, 5, 23, 58, 0) });
  render(<Today />);
  expect(screen.getByText('2026-12-05')).toBeInTheDocument();

  act(() => jest.advanceTimersByTime(60_000));
  expect(screen.getByText('2026-12-05')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(2 * 60_000));
  expect(screen.getByText('2026-12-06')).toBeInTheDocument();

  act(() => jest.advanceTimersByTime(24 * 3600_000));
  expect(screen.getByText('2026-12-07')).toBeInTheDocument();
});
