import { act, fireEvent, render, screen } from '@testing-library/react';
import { RemoteErrorPanel } from './remote-error-panel';

/*
 * QA (s60-ui): «Повторить» pressed from the keyboard became `disabled` while the section loaded
 * again: the browser may drop a disabled control's focus to <body>, and its name changed under the
 * focus. The one way of a wait is the UI kit's Button `loading` (aria-busy, aria-disabled).
 */
test('«Повторить» keeps the focus and its name while the section loads again, and a second press does nothing', () => {
  const onRetry = jest.fn();
  const { rerender } = render(<RemoteErrorPanel onRetry={onRetry} />);
  const retry = screen.getByRole('button', { name: 'Повторить' });
  retry.focus();
  fireEvent.click(retry);
  expect(onRetry).toHaveBeenCalledTimes(1);

  rerender(<RemoteErrorPanel onRetry={onRetry} busy />);
  const waiting = screen.getByRole('button', { name: 'Повторить' });
  expect(waiting).toBe(retry);
  expect(waiting).toHaveFocus();
  expect(waiting).toBeEnabled();
  expect(waiting).toHaveAttribute('aria-busy', 'true');
  expect(waiting).toHaveAttribute('aria-disabled', 'true');
  fireEvent.click(waiting);
  expect(onRetry).toHaveBeenCalledTimes(1);
});

test('the section is asked again by itself when the connection comes back, once, not while it loads (QA CCC-3)', () => {
  const onRetry = jest.fn();
  const { rerender } = render(<RemoteErrorPanel onRetry={onRetry} />);
  act(() => void window.dispatchEvent(new Event('online')));
  expect(onRetry).toHaveBeenCalledTimes(1);

  rerender(<RemoteErrorPanel onRetry={onRetry} busy />);
  act(() => void window.dispatchEvent(new Event('online')));
  expect(onRetry).toHaveBeenCalledTimes(1);
});
