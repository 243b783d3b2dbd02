import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { PageHeader } from './page-header';
import { Spinner } from './spinner';

describe('ErrorState', () => {
  it('announces the message as an alert and retries on "Повторить"', () => {
    const onRetry = jest.fn();
    render(<ErrorState message="Сервер недоступен. Проверьте подключение к интернету" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Сервер недоступен. Проверьте подключение к интернету');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no retry button without onRetry', () => {
    render(<ErrorState message="Ошибка" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('Button', () => {
  it('is a non-submitting button by default and busy while loading', () => {
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Сохранить
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Сохранить' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('aria-busy', 'true');
    // Announced as unavailable, yet not `disabled`: a disabled button would lose the keyboard focus.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('keeps the focus when it starts loading, and gives up aria-busy and aria-disabled when done', () => {
    const onClick = jest.fn();
    const { rerender } = render(<Button onClick={onClick}>Войти</Button>);
    const button = screen.getByRole('button', { name: 'Войти' });
    button.focus();
    rerender(
      <Button loading onClick={onClick}>
        Войти
      </Button>,
    );
    expect(button).toHaveFocus();
    expect(button).not.toHaveAttribute('disabled');
    rerender(<Button onClick={onClick}>Войти</Button>);
    expect(button).toHaveFocus();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).not.toHaveAttribute('aria-disabled');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('still disables with `disabled`, loading or not', () => {
    render(
      <>
        <Button disabled>Сохранить</Button>
        <Button disabled loading>
          Отправить
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Отправить' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Отправить' })).toHaveAttribute('aria-busy', 'true');
  });

  it('sends its form once however often a loading submit button is clicked (Enter on it is a click)', () => {
    function Form({ onSubmit }: { onSubmit: () => void }) {
      const [sending, setSending] = useState(false);
      return (
        <form
          aria-label="Вход"
          onSubmit={(event) => {
            event.preventDefault();
            setSending(true);
            onSubmit();
          }}
        >
          <Button type="submit" loading={sending}>
            Войти
          </Button>
        </form>
      );
    }
    const onSubmit = jest.fn();
    render(<Form onSubmit={onSubmit} />);
    const submit = screen.getByRole('button', { name: 'Войти' });
    fireEvent.click(submit);
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    // The second click is cancelled, so the browser does not submit the form.
    expect(fireEvent.click(submit)).toBe(false);
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('applies the variant class', () => {
    render(<Button variant="ghost">Отмена</Button>);
    expect(screen.getByRole('button', { name: 'Отмена' })).toHaveClass('ui-button', 'ui-button--ghost');
  });
});

describe('Spinner, EmptyState, PageHeader', () => {
  it('Spinner is a status labelled "Загрузка…"', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка…');
  });

  it('EmptyState shows its title, description and action', () => {
    render(<EmptyState title="Заявок нет" description="Измените фильтры" action={<button type="button">Сбросить</button>} />);
    expect(screen.getByText('Заявок нет')).toBeInTheDocument();
    expect(screen.getByText('Измените фильтры')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Сбросить' })).toBeInTheDocument();
  });

  it('PageHeader renders one h1 with the title', () => {
    render(<PageHeader title="Заявки" description="Все открытые заявки" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Заявки' })).toBeInTheDocument();
    expect(screen.getByText('Все открытые заявки')).toBeInTheDocument();
  });
});
