import { act, fireEvent, isInaccessible, render, screen } from '@testing-library/react';
import { ApiError } from '../api/api-error';
import { ANNOUNCEMENT_HEARD_MS, ANNOUNCEMENT_KEPT_MS, isSpentCodeError, ResendCode } from './resend-code';

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

  it('for a code sent before the form asked (its words: «Код уже отправлен»), announces that, not a code just sent', () => {
    render(<ResendCode seconds={1} onResend={jest.fn()} earlier />);
    expect(screen.getByRole('timer')).toHaveTextContent('Отправить код повторно через 1 с');
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent(/^Код уже отправлен\. Отправить код повторно можно через 1 с$/);
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

  it('once said, the announcement is not met again when the dialog is read: the countdown is', () => {
    jest.useFakeTimers();
    try {
      const { rerender } = render(<ResendCode seconds={60} onResend={jest.fn()} />);
      const started = screen.getByText('Код отправлен. Отправить код повторно можно через 60 с');
      expect(isInaccessible(started)).toBe(false);
      rerender(<ResendCode seconds={58} onResend={jest.fn()} />);
      act(() => jest.advanceTimersByTime(ANNOUNCEMENT_HEARD_MS));
      expect(isInaccessible(started)).toBe(true);
      expect(screen.getByRole('timer')).toHaveTextContent('Отправить код повторно через 58 с');

      rerender(<ResendCode seconds={0} onResend={jest.fn()} />);
      const ended = screen.getByText('Можно отправить код повторно');
      expect(isInaccessible(ended)).toBe(false);
      act(() => jest.advanceTimersByTime(ANNOUNCEMENT_HEARD_MS));
      expect(isInaccessible(ended)).toBe(true);
      expect(screen.getByRole('button', { name: 'Отправить код повторно' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('while its announcement can still be read, the countdown is not met beside it: the wait is read once', () => {
    // QA (s60-ui): for ANNOUNCEMENT_HEARD_MS after a start, a reader browsing the dialog met «Код
    // отправлен. Отправить код повторно можно через 60 с» and then the timer saying the same.
    jest.useFakeTimers();
    try {
      const { rerender } = render(<ResendCode seconds={60} onResend={jest.fn()} />);
      const readable = () => screen.queryAllByText(/через \d+ с/).filter((node) => !isInaccessible(node));
      expect(readable()).toHaveLength(1);
      rerender(<ResendCode seconds={59} onResend={jest.fn()} />);
      expect(readable()).toHaveLength(1);
      act(() => jest.advanceTimersByTime(ANNOUNCEMENT_HEARD_MS));
      // Then the timer alone, the current count.
      expect(readable()).toHaveLength(1);
      expect(screen.getByRole('timer')).toContainElement(readable()[0]!);
      expect(readable()[0]).toHaveTextContent('Отправить код повторно через 59 с');

      // The same for a spent code's wait.
      rerender(<ResendCode seconds={59} onResend={jest.fn()} spent />);
      expect(readable()).toHaveLength(1);
      act(() => jest.advanceTimersByTime(ANNOUNCEMENT_HEARD_MS));
      expect(readable()).toHaveLength(1);
      expect(readable()[0]).toHaveTextContent('Новый код можно запросить через 59 с');
      expect(screen.getByRole('timer')).toContainElement(readable()[0]!);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a new code asked for at once, when the button comes, is said too: its words were said before, but this is another announcement', () => {
    jest.useFakeTimers();
    try {
      const { rerender } = render(<ResendCode seconds={60} onResend={jest.fn()} />);
      act(() => jest.advanceTimersByTime(ANNOUNCEMENT_HEARD_MS));
      rerender(<ResendCode seconds={0} onResend={jest.fn()} />);
      // Pressed within a second of its offer: a new countdown.
      act(() => jest.advanceTimersByTime(1_000));
      rerender(<ResendCode seconds={60} onResend={jest.fn()} />);
      const again = screen.getByText('Код отправлен. Отправить код повторно можно через 60 с');
      expect(isInaccessible(again)).toBe(false);
      act(() => jest.advanceTimersByTime(ANNOUNCEMENT_HEARD_MS));
      expect(isInaccessible(again)).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('ResendCode for a code that can no longer be used', () => {
  it('says when a new code may be asked for while the wait runs, once in its status', () => {
    const { rerender } = render(<ResendCode seconds={42} onResend={jest.fn()} />);
    rerender(<ResendCode seconds={42} onResend={jest.fn()} spent />);
    expect(screen.getByRole('timer')).toHaveTextContent('Новый код можно запросить через 42 с');
    expect(screen.queryByText(/Отправить код повторно через/)).not.toBeInTheDocument();
    const live = document.querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent('Новый код можно запросить через 42 с');
    rerender(<ResendCode seconds={41} onResend={jest.fn()} spent />);
    expect(screen.getByRole('timer')).toHaveTextContent('Новый код можно запросить через 41 с');
    expect(live).toHaveTextContent('через 42 с');
  });

  it('offered at once: the button takes the focus', () => {
    const { rerender } = render(
      <>
        <input aria-label="Код из СМС" autoFocus />
        <ResendCode seconds={0} onResend={jest.fn()} />
      </>,
    );
    expect(screen.getByRole('textbox')).toHaveFocus();
    rerender(
      <>
        <input aria-label="Код из СМС" />
        <ResendCode seconds={0} onResend={jest.fn()} spent />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Отправить код повторно' })).toHaveFocus();
  });

  it('offered when the wait ends: the button takes the focus where the user left it', () => {
    const view = (seconds: number, spent: boolean) => (
      <>
        <input aria-label="Код из СМС" />
        <ResendCode seconds={seconds} onResend={jest.fn()} spent={spent} />
      </>
    );
    const { rerender } = render(view(10, false));
    screen.getByRole('textbox').focus();
    rerender(view(10, true));
    expect(screen.getByRole('textbox')).toHaveFocus();
    rerender(view(0, true));
    expect(screen.getByRole('button', { name: 'Отправить код повторно' })).toHaveFocus();
  });

  it('does not take the focus from where the user went meanwhile', () => {
    const view = (seconds: number) => (
      <>
        <input aria-label="Код из СМС" />
        <textarea aria-label="Причина" />
        <ResendCode seconds={seconds} onResend={jest.fn()} spent />
      </>
    );
    const { rerender } = render(view(10));
    screen.getByRole('textbox', { name: 'Причина' }).focus();
    rerender(view(0));
    expect(screen.getByRole('textbox', { name: 'Причина' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Отправить код повторно' })).toBeInTheDocument();
  });
});

describe('isSpentCodeError', () => {
  const refusal = (code: string, message: string) => new ApiError({ status: 422, code, message, errors: { code: message } });

  it('tells a code that can no longer be used from one that may be typed again', () => {
    expect(isSpentCodeError(refusal('code_attempts_exceeded', 'Превышено число попыток. Запросите новый код'))).toBe(true);
    expect(isSpentCodeError(refusal('code_expired', 'Код недействителен или истёк. Запросите новый'))).toBe(true);
    // The last wrong try: the API codes it as spent (its words say so too).
    expect(isSpentCodeError(refusal('code_attempts_exceeded', 'Неверный код. Попытки исчерпаны. Запросите новый код'))).toBe(true);
    expect(isSpentCodeError(refusal('code_invalid', 'Неверный код, осталось попыток: 1'))).toBe(false);
    expect(isSpentCodeError(new ApiError({ status: 500, code: 'internal', message: 'Внутренняя ошибка сервера' }))).toBe(false);
    expect(isSpentCodeError(new Error('code_expired'))).toBe(false);
  });
});
