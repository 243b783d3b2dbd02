import { fireEvent, render, screen } from '@testing-library/react';
import { ResendCode } from './resend-code';

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
});
