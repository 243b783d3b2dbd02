import { act, render, screen } from '@testing-library/react';
import { SLOW_ANSWER_MS, useTakingLong } from './use-taking-long';

/** A caller's own words for a wait that takes long, as a form or the composer says it. */
function Waiting({ wait, ms }: { wait: unknown; ms?: number }) {
  const long = useTakingLong(wait, ms);
  return <p role="status">{long ? 'Сервер отвечает дольше обычного' : ''}</p>;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const advance = (ms: number) => act(() => void jest.advanceTimersByTime(ms));

test('a wait is said to be long after SLOW_ANSWER_MS (3 s), not before, and no longer once it is over', () => {
  expect(SLOW_ANSWER_MS).toBe(3000);
  const { rerender } = render(<Waiting wait={false} />);
  advance(5000);
  expect(screen.getByRole('status')).toBeEmptyDOMElement();

  rerender(<Waiting wait />);
  advance(SLOW_ANSWER_MS - 1);
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
  advance(1);
  expect(screen.getByRole('status')).toHaveTextContent('Сервер отвечает дольше обычного');

  rerender(<Waiting wait={false} />);
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
  // The next wait starts its own clock.
  rerender(<Waiting wait />);
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
  advance(SLOW_ANSWER_MS);
  expect(screen.getByRole('status')).toHaveTextContent('Сервер отвечает дольше обычного');
});

test('a new wait right after a long one (a queued message) is not said to be long at once', () => {
  const first = {};
  const { rerender } = render(<Waiting wait={first} />);
  advance(SLOW_ANSWER_MS);
  expect(screen.getByRole('status')).toHaveTextContent('Сервер отвечает дольше обычного');

  rerender(<Waiting wait={{}} />);
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
  advance(SLOW_ANSWER_MS);
  expect(screen.getByRole('status')).toHaveTextContent('Сервер отвечает дольше обычного');
});

test('a caller may wait longer or shorter; leaving during the wait sets nothing after', () => {
  const { rerender, unmount } = render(<Waiting wait ms={1000} />);
  advance(1000);
  expect(screen.getByRole('status')).toHaveTextContent('Сервер отвечает дольше обычного');
  rerender(<Waiting wait={false} ms={1000} />);
  rerender(<Waiting wait ms={1000} />);
  unmount();
  expect(() => advance(2000)).not.toThrow();
});
