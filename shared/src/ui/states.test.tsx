import { fireEvent, render, screen } from '@testing-library/react';
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
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
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
