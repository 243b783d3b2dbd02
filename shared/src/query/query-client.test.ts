import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { createQueryClient, shouldRetryQuery } from './query-client';

describe('createQueryClient', () => {
  it('keeps data fresh 30 s and does not refetch on focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(30_000);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    expect(defaults?.retry).toBe(shouldRetryQuery);
  });
});

describe('an action asked for offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('is tried at once and fails, not held until the connection is back', async () => {
    onlineManager.setOnline(false);
    const mutationFn = jest.fn(() => Promise.reject(new ApiError({ status: 0, code: 'network_error', message: 'Нет сети' })));
    const observer = new MutationObserver(createQueryClient(), { mutationFn });
    await expect(observer.mutate()).rejects.toMatchObject({ code: 'network_error' });
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().isPaused).toBe(false);
  });
});

describe('shouldRetryQuery', () => {
  const error = (status: number) => new ApiError({ status, code: 'x', message: 'x' });

  it('never retries a 4xx', () => {
    expect(shouldRetryQuery(0, error(404))).toBe(false);
    expect(shouldRetryQuery(0, error(401))).toBe(false);
  });

  it('retries network failures and 5xx up to twice', () => {
    expect(shouldRetryQuery(0, error(0))).toBe(true);
    expect(shouldRetryQuery(1, error(503))).toBe(true);
    expect(shouldRetryQuery(2, error(503))).toBe(false);
    expect(shouldRetryQuery(1, new Error('boom'))).toBe(true);
  });
});
