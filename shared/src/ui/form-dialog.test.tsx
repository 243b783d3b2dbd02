import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog, DialogForm, FormDialog } from './form-dialog';

describe('FormDialog', () => {
  it('is a labelled dialog with the alert, the fields and a submit that passes the event once, not while pending', () => {
    const onSubmit = jest.fn();
    const onClose = jest.fn();
    const { rerender } = render(
      <FormDialog title="Отзыв" description="Появится в карточке" submitLabel="Отправить" pending={false} alert="Сервер недоступен" onSubmit={onSubmit} onClose={onClose}>
        <input aria-label="Текст" />
      </FormDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Отзыв' });
    expect(dialog).toHaveAccessibleDescription('Появится в карточке');
    expect(screen.getByRole('alert')).toHaveTextContent('Сервер недоступен');
    expect(screen.getByRole('textbox', { name: 'Текст' })).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const event = onSubmit.mock.calls[0][0] as { defaultPrevented: boolean };
    expect(event.defaultPrevented).toBe(true);

    rerender(
      <FormDialog title="Отзыв" submitLabel="Отправить" pending onSubmit={onSubmit} onClose={onClose}>
        <input aria-label="Текст" />
      </FormDialog>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Отправить' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    fireEvent.submit(submit.closest('form')!);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('DialogForm alone cancels through onCancel', () => {
    const onCancel = jest.fn();
    render(<DialogForm submitLabel="Проверить код" pending={false} onSubmit={() => undefined} onCancel={onCancel} cancelLabel="Закрыть окно" />);
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть окно' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('ConfirmDialog', () => {
  it('focuses «Отмена», keeps the failure in the dialog and confirms by its button', () => {
    const onConfirm = jest.fn();
    const onClose = jest.fn();
    render(
      <ConfirmDialog
        title="Удалить объект?"
        description="Без возможности восстановления."
        confirmLabel="Удалить"
        danger
        pending={false}
        alert="Объект связан с заявкой"
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Удалить объект?' })).toHaveAccessibleDescription('Без возможности восстановления.');
    expect(screen.getByRole('button', { name: 'Отмена' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Объект связан с заявкой');
    const confirm = screen.getByRole('button', { name: 'Удалить' });
    expect(confirm).toHaveClass('ui-button--danger');
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the pending confirm as busy', () => {
    render(<ConfirmDialog title="Передать руководство?" description="…" confirmLabel="Передать руководство" pending onConfirm={() => undefined} onClose={() => undefined} />);
    const confirm = screen.getByRole('button', { name: 'Передать руководство' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveClass('ui-button--primary');
  });
});
