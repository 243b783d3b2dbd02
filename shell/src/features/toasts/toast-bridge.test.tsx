import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { bus } from 'shared';
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

  it('other types close after 5000 ms unless the event says otherwise', () => {
    render(<ToastHost />);
    act(() => bus.emit('toast:show', { type: 'error', message: 'Ошибка авторизации' }));
    expect(toast).toHaveBeenLastCalledWith('Ошибка авторизации', { type: 'error', autoClose: 5000 });
    act(() => bus.emit('toast:show', { type: 'success', message: 'Сохранено', autoClose: 1500 }));
    expect(toast).toHaveBeenLastCalledWith('Сохранено', { type: 'success', autoClose: 1500 });
  });

  it('stops listening when the host unmounts', () => {
    const { unmount } = render(<ToastHost />);
    unmount();
    bus.emit('toast:show', { type: 'info', message: 'Никто не увидит' });
    expect(toast).not.toHaveBeenCalled();
  });
});
