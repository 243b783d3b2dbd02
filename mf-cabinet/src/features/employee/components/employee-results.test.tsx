import { render } from '@testing-library/react';
import type { QueryRetry } from 'shared';
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
