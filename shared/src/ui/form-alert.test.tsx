import { act, render, screen } from '@testing-library/react';
import { NETWORK_ERROR_MESSAGE } from '../api/api-error';
import { bus } from '../bus/bus';
import { FormAlert } from './form-alert';

describe('FormAlert', () => {
  it('shows the message as an alert, and nothing without one', () => {
    const { rerender } = render(<FormAlert message="Сервер недоступен" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Сервер недоступен');
    rerender(<FormAlert message={undefined} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the message cleared by a retry until the retry is answered, so the buttons under it do not move', () => {
    const { rerender } = render(<FormAlert message="Сервер недоступен" />);
    // The submit starts: the form drops its error, the button is busy.
    rerender(<FormAlert message="Сервер недоступен" pending />);
    const before = screen.getByRole('alert');
    rerender(<FormAlert message={undefined} pending />);
    expect(screen.getByRole('alert')).toBe(before);
    expect(before).toHaveTextContent('Сервер недоступен');

    // Answered with another error: it takes the alert's place.
    rerender(<FormAlert message="Не удалось опубликовать заявку" pending />);
    rerender(<FormAlert message="Не удалось опубликовать заявку" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось опубликовать заявку');
  });

  it('goes once the retry is answered without an error', () => {
    const { rerender } = render(<FormAlert message="Сервер недоступен" />);
    rerender(<FormAlert message={undefined} pending />);
    expect(screen.getByRole('alert')).toHaveTextContent('Сервер недоступен');
    rerender(<FormAlert message={undefined} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the same message answered again is a new alert, announced again', () => {
    const { rerender } = render(<FormAlert message="Сервер недоступен" />);
    rerender(<FormAlert message={undefined} pending />);
    const held = screen.getByRole('alert');
    rerender(<FormAlert message="Сервер недоступен" pending />);
    rerender(<FormAlert message="Сервер недоступен" />);
    expect(screen.getByRole('alert')).not.toBe(held);
    expect(screen.getByRole('alert')).toHaveTextContent('Сервер недоступен');
  });

  it('a message cleared with nothing under way goes at once', () => {
    const { rerender } = render(<FormAlert message="Другой профиль" />);
    rerender(<FormAlert message={undefined} pending={false} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('«Сервер недоступен» once the connection is back (QA RR-3)', () => {
    it('goes when the socket reconnects', () => {
      render(<FormAlert message={NETWORK_ERROR_MESSAGE} />);
      expect(screen.getByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);
      act(() => bus.emit('socket:status', { connected: false }));
      expect(screen.getByRole('alert')).toBeInTheDocument();
      act(() => bus.emit('socket:status', { connected: true }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('goes when the browser is online again; the next failure is said again', () => {
      const { rerender } = render(<FormAlert message={NETWORK_ERROR_MESSAGE} />);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      // Pressed again, failed again: a new alert.
      rerender(<FormAlert message={undefined} pending />);
      rerender(<FormAlert message={NETWORK_ERROR_MESSAGE} />);
      expect(screen.getByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);
    });

    it('the server’s own refusal stays: the connection says nothing about it', () => {
      render(<FormAlert message="Недостаточно средств на балансе" />);
      act(() => bus.emit('socket:status', { connected: true }));
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(screen.getByRole('alert')).toHaveTextContent('Недостаточно средств на балансе');
    });
  });
});
