import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { applicationKeys, bus } from 'shared';
import { useLiveDetail, useLiveLists } from './use-live-applications';

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

beforeEach(() => bus.clear());

describe('live application pages', () => {
  it('read before the socket was bound, the detail is asked again when it is (a transition in between would be lost)', async () => {
    const queryFn = setup(() => useLiveDetail(5), applicationKeys.detail(5));
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    act(() => bus.emit('socket:status', { connected: true }));
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
  });

  it('the lists too, and again after a reconnect; a lost connection alone asks nothing', async () => {
    const queryFn = setup(() => useLiveLists(), applicationKeys.lists());
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    act(() => bus.emit('socket:status', { connected: true }));
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    act(() => bus.emit('socket:status', { connected: false }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(queryFn).toHaveBeenCalledTimes(2);
    act(() => bus.emit('socket:status', { connected: true }));
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(3));
  });

  it("a notice about another application leaves the detail alone; one about this one asks it again", async () => {
    const queryFn = setup(() => useLiveDetail(5), applicationKeys.detail(5));
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    act(() => bus.emit('notification:received', { message: 'Заявка № 9: отклик', applicationId: 9 }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(queryFn).toHaveBeenCalledTimes(1);
    act(() => bus.emit('notification:received', { message: 'Заявка № 5: договор подписан', applicationId: 5 }));
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
  });
});
