import { act, fireEvent, render, screen } from '@testing-library/react';
import { ANNOUNCEMENT_KEPT_MS, ResendCode } from './resend-code';

describe('ResendCode', () => {
  it('counts down, then offers the button, announcing only the start and the end', () => {
    const onResend = jest.fn();
    const { rerender } = render(<ResendCode seconds={60} onResend={onResend} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Отправить код повторно через 60 с');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    const live = document.querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent('Код отправлен. Отправить код повторно можно через 60 с');

    rerender(<ResendCode seconds={59} onResend={onResend} />);
    expect(screen.getByText('Отправить код повторно через 59 с')).toBeInTheDocument();
    expect(live).toHaveTextContent('через 60 с');

    rerender(<ResendCode seconds={0} onResend={onResend} />);
    expect(live).toHaveTextContent('Можно отправить код повторно');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить код повторно' }));
    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it('empties its announcement once spoken, so the page read later says the countdown and the offer once', () => {
    jest.useFakeTimers();
    try {
      const { rerender } = render(<ResendCode seconds={60} onResend={jest.fn()} />);
      const live = document.querySelector('[aria-live="polite"]');
      expect(live).toHaveTextContent('Код отправлен. Отправить код повторно можно через 60 с');
      rerender(<ResendCode seconds={42} onResend={jest.fn()} />);
      act(() => jest.advanceTimersByTime(ANNOUNCEMENT_KEPT_MS));
      expect(live).toBeEmptyDOMElement();
      expect(screen.getByRole('timer')).toHaveTextContent('Отправить код повторно через 42 с');

      rerender(<ResendCode seconds={0} onResend={jest.fn()} />);
      expect(live).toHaveTextContent('Можно отправить код повторно');
      act(() => jest.advanceTimersByTime(ANNOUNCEMENT_KEPT_MS - 1));
      expect(live).toHaveTextContent('Можно отправить код повторно');
      act(() => jest.advanceTimersByTime(1));
      expect(live).toBeEmptyDOMElement();
    } finally {
      jest.useRealTimers();
    }
  });
});
