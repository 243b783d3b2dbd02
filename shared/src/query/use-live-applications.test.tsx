import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { bus } from '../bus/bus';
import { applicationKeys } from './query-keys';
import { useLiveApplication, useLiveApplications } from './use-live-applications';

function setup(useLive: () => void, queryKey: readonly unknown[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  let reads = 0;
  const queryFn = jest.fn(async () => ({ read: ++reads }));
  function Page() {
    useQuery({ queryKey, queryFn });
    useLive();
    return null;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Page />
    </QueryClientProvider>,
  );
  return queryFn;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

beforeEach(() => bus.clear());

describe('live applications', () => {
  it('read before the socket was bound, the application is asked again when it is (a transition in between would be lost)', async () => {
    const queryFn = setup(() => useLiveApplication(5), applicationKeys.detail(5));
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    act(() => bus.emit('socket:status', { connected: true }));
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
  });

  it('a key for no one application (the lists) is asked again on any notice and after a reconnect; a lost connection alone asks nothing', async () => {
    const queryFn = setup(() => useLiveApplications(applicationKeys.lists()), applicationKeys.lists());
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    act(() => bus.emit('notification:received', { message: 'Заявка № 1009: отклик', applicationId: 9 }));
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    act(() => bus.emit('socket:status', { connected: false }));
    await settle();
    expect(queryFn).toHaveBeenCalledTimes(2);
    act(() => bus.emit('socket:status', { connected: true }));
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(3));
  });

  it('a notice about another application, or one that names none, leaves the application alone; one about it asks it again', async () => {
    const queryFn = setup(() => useLiveApplication(5), applicationKeys.detail(5));
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    act(() => bus.emit('notification:received', { message: 'Заявка № 1009: отклик', applicationId: 9 }));
    act(() => bus.emit('notification:received', { message: 'Приглашение в организацию', applicationId: null }));
    await settle();
    expect(queryFn).toHaveBeenCalledTimes(1);
    act(() => bus.emit('notification:received', { message: 'Заявка № 1005: Исполнитель выбран', applicationId: 5 }));
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
  });
});
