import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
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
    // Pending, the submit button keeps the focus (aria-disabled, not disabled) and sends nothing.
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(submit).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(submit);
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

  it('shows the pending confirm as busy, and a click on it confirms nothing more', () => {
    const onConfirm = jest.fn();
    render(<ConfirmDialog title="Передать руководство?" description="…" confirmLabel="Передать руководство" pending onConfirm={onConfirm} onClose={() => undefined} />);
    const confirm = screen.getByRole('button', { name: 'Передать руководство' });
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(confirm).toHaveClass('ui-button--primary');
    fireEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('ConfirmDialog and the focus', () => {
  function Row({ onDelete }: { onDelete?: () => void }) {
    const [open, setOpen] = useState(false);
    const [gone, setGone] = useState(false);
    return (
      <main>
        <h1>Сотрудники</h1>
        {!gone && (
          <button type="button" onClick={() => setOpen(true)}>
            Исключить
          </button>
        )}
        {open && (
          <ConfirmDialog
            title="Исключить сотрудника?"
            description="Он потеряет доступ"
            confirmLabel="Исключить"
            pending={false}
            onConfirm={() => {
              setGone(true);
              setOpen(false);
              onDelete?.();
            }}
            onClose={() => setOpen(false)}
          />
        )}
      </main>
    );
  }

  /** A click as a browser makes it: the button takes the focus first. */
  const click = (button: HTMLElement) => {
    button.focus();
    fireEvent.click(button);
  };

  it('«Отмена» has the focus while open; closing gives it back to the button that opened it', () => {
    render(<Row />);
    const opener = screen.getByRole('button', { name: 'Исключить' });
    click(opener);
    expect(screen.getByRole('button', { name: 'Отмена' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Отмена' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('when the opener went with the action (a deleted row), the page heading gets the focus, not the body', () => {
    render(<Row />);
    click(screen.getByRole('button', { name: 'Исключить' }));
    click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Исключить' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Сотрудники' })).toHaveFocus();
  });
});
