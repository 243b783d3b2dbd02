import { render, screen } from '@testing-library/react';
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
});
