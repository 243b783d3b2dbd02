import { act, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { bus } from 'shared';
import { bridgeToasts } from './toast-bridge';
import { ToastHost } from './toast-host';

jest.mock('react-toastify', () => {
  const actual = jest.requireActual('react-toastify');
  const spy = Object.assign(jest.fn((...args: unknown[]) => actual.toast(...args)), actual.toast);
  return { ...actual, toast: spy };
});

describe('toast bridge', () => {
  beforeEach(() => (toast as unknown as jest.Mock).mockClear());

  it('shows a toast emitted on the bus; success closes after 2000 ms', async () => {
    render(<ToastHost />);
    act(() => bus.emit('toast:show', { type: 'success', message: 'Черновик сохранён' }));
    expect(await screen.findByText('Черновик сохранён')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith('Черновик сохранён', { type: 'success', autoClose: 2000 });
  });

  it('other types close after 5000 ms unless the event says otherwise', async () => {
    render(<ToastHost />);
    act(() => bus.emit('toast:show', { type: 'error', message: 'Ошибка авторизации' }));
    await waitFor(() => expect(toast).toHaveBeenLastCalledWith('Ошибка авторизации', { type: 'error', autoClose: 5000 }));
    act(() => bus.emit('toast:show', { type: 'success', message: 'Сохранено', autoClose: 1500 }));
    expect(toast).toHaveBeenLastCalledWith('Сохранено', { type: 'success', autoClose: 1500 });
  });

  it('a toast emitted while react-toastify is still loading waits and shows, in order', async () => {
    render(<ToastHost />);
    // The host listens from its first effect; the view (react-toastify) arrives later.
    act(() => {
      bus.emit('toast:show', { type: 'info', message: 'Первое' });
      bus.emit('toast:show', { type: 'warning', message: 'Второе' });
    });
    expect(await screen.findByText('Второе')).toBeInTheDocument();
    expect(screen.getByText('Первое')).toBeInTheDocument();
    expect((toast as unknown as jest.Mock).mock.calls.map(([message]) => message)).toEqual(['Первое', 'Второе']);
  });

  it('listens from the app’s start: a toast emitted before the host is rendered waits for it, and shows once', async () => {
    const stop = bridgeToasts();
    bus.emit('toast:show', { type: 'error', message: 'Ошибка авторизации' });
    render(<ToastHost />);
    expect(await screen.findByText('Ошибка авторизации')).toBeInTheDocument();
    // The host's own listening adds no second subscription.
    act(() => bus.emit('toast:show', { type: 'info', message: 'Один раз' }));
    expect(await screen.findAllByText('Один раз')).toHaveLength(1);
    expect((toast as unknown as jest.Mock).mock.calls.map(([message]) => message)).toEqual(['Ошибка авторизации', 'Один раз']);
    stop();
    stop();
  });

  it('stops listening when the host unmounts', async () => {
    const { unmount } = render(<ToastHost />);
    await waitFor(() => expect(document.querySelector('.Toastify')).not.toBeNull());
    unmount();
    bus.emit('toast:show', { type: 'info', message: 'Никто не увидит' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toast).not.toHaveBeenCalled();
  });
});
