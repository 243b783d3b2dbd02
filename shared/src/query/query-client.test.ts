import { MutationObserver, onlineManager, QueryObserver } from '@tanstack/react-query';
import { ApiError, timeoutError } from '../api/api-error';
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

describe('a read asked for offline (QA O-2)', () => {
  afterEach(() => onlineManager.setOnline(true));

  const until = async (done: () => boolean) => {
    for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('fails at once with the network\'s message (not «Загружаем…» while offline), and reads again when the connection is back', async () => {
    onlineManager.setOnline(false);
    let offline = true;
    const queryFn = jest.fn(async () => {
      if (offline) throw new ApiError({ status: 0, code: 'network_error', message: 'Сервер недоступен. Проверьте подключение к интернету' });
      return 'заявки';
    });
    // Mounted, as QueryClientProvider mounts it: it hears the connection come back.
    const client = createQueryClient();
    client.mount();
    const observer = new QueryObserver(client, { queryKey: ['offline-read'], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);

    await until(() => observer.getCurrentResult().isError);
    expect(observer.getCurrentResult()).toMatchObject({ isError: true, fetchStatus: 'idle', error: expect.objectContaining({ code: 'network_error' }) });
    // No retries spent while offline: the error is shown at once.
    expect(queryFn).toHaveBeenCalledTimes(1);

    offline = false;
    onlineManager.setOnline(true);
    await until(() => observer.getCurrentResult().data === 'заявки');
    expect(observer.getCurrentResult().data).toBe('заявки');
    unsubscribe();
    client.unmount();
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

  it('never retries a read that got no answer in time: the 30 s wait is said at once, with «Повторить» (QA CCC-1)', () => {
    expect(shouldRetryQuery(0, timeoutError())).toBe(false);
  });
});
