import { act, render, screen } from '@testing-library/react';
import { SLOW_ANSWER_TEXT, SLOW_READ_MS, type QueryRetry } from 'shared';
import type { useEmployees } from '../api/get-employees';
import { EmployeeResults } from './employee-results';

type Query = ReturnType<typeof useEmployees>;

const page = { items: [], total: 0, page: 1, limit: 10 };
const retry = { loading: false, failed: false, retrying: false, error: null, retry: jest.fn() } as unknown as QueryRetry<HTMLInputElement>;

function busyOf(query: Partial<Query>) {
  const { container } = render(
    <EmployeeResults query={{ data: page, isError: false, isFetching: true, isPlaceholderData: false, ...query } as Query} retry={retry} search="" myUserId={1} manage onAction={jest.fn()} onPage={jest.fn()} />,
  );
  return container.firstElementChild!.getAttribute('aria-busy');
}

test('the employees are marked busy while another search or page is asked for, not while the shown one is read again (a notification)', () => {
  expect(busyOf({})).toBe('false');
  expect(busyOf({ isPlaceholderData: true })).toBe('true');
});

test('a first read of the employees that hangs says after SLOW_READ_MS that the server is slow, over the skeleton (QA DDD-1)', () => {
  jest.useFakeTimers();
  try {
    const loading = { ...retry, loading: true } as QueryRetry<HTMLInputElement>;
    render(
      <EmployeeResults query={{ data: undefined, isError: false, isFetching: true, isPlaceholderData: false } as unknown as Query} retry={loading} search="" myUserId={1} manage onAction={jest.fn()} onPage={jest.fn()} />,
    );
    act(() => jest.advanceTimersByTime(SLOW_READ_MS - 1));
    expect(screen.queryByText(SLOW_ANSWER_TEXT)).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText(SLOW_ANSWER_TEXT)).toBeVisible();
  } finally {
    jest.useRealTimers();
  }
});
