import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { ConfirmDialog, DialogForm, FormDialog } from './form-dialog';

describe('FormDialog', () => {
  it('submitDisabled: the submit shows unavailable without being busy, and neither a press nor Enter in a field submits', () => {
    const onSubmit = jest.fn();
    render(
      <FormDialog title="Подписать договор" submitLabel="Подписать" pending={false} submitDisabled onSubmit={onSubmit} onClose={jest.fn()}>
        <input aria-label="Код из СМС" />
      </FormDialog>,
    );
    const submit = screen.getByRole('button', { name: 'Подписать' });
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(submit).not.toHaveAttribute('aria-busy', 'true');
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    fireEvent.submit(screen.getByRole('textbox', { name: 'Код из СМС' }).closest('form')!);
    expect(onSubmit).not.toHaveBeenCalled();
  });

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
    // The last failure stays through the retry (FormAlert's pending): its going would move the buttons.
    expect(screen.getByRole('alert')).toHaveTextContent('Сервер недоступен');
    const submit = screen.getByRole('button', { name: 'Отправить' });
    // Pending, the submit button keeps the focus (aria-disabled, not disabled) and sends nothing.
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(submit).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(submit);
    fireEvent.submit(submit.closest('form')!);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    // The retry succeeded: no alert.
    rerender(
      <FormDialog title="Отзыв" submitLabel="Отправить" pending={false} onSubmit={onSubmit} onClose={onClose}>
        <input aria-label="Текст" />
      </FormDialog>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a press on «Отмена» leaves the focus in the field, so its blur check cannot move the button from under the pointer (QA AAA-1)', () => {
    const onCancel = jest.fn();
    render(
      <DialogForm submitLabel="Сохранить" pending={false} onSubmit={() => undefined} onCancel={onCancel}>
        <label>
          ИНН
          <input />
        </label>
      </DialogForm>,
    );
    const field = screen.getByRole('textbox', { name: 'ИНН' });
    field.focus();
    const cancel = screen.getByRole('button', { name: 'Отмена' });
    // The browser moves the focus on a mousedown not prevented.
    expect(fireEvent.mouseDown(cancel)).toBe(false);
    expect(field).toHaveFocus();
    fireEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledTimes(1);
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

  it("confirms once for a double click, whose second press comes before the first one's pending has rendered (QA AAQ-1)", () => {
    const onConfirm = jest.fn();
    render(<ConfirmDialog title="Исключить сотрудника?" description="…" confirmLabel="Исключить" danger pending={false} onConfirm={onConfirm} onClose={() => undefined} />);
    const confirm = screen.getByRole('button', { name: 'Исключить' });
    fireEvent.click(confirm, { detail: 1 });
    fireEvent.click(confirm, { detail: 2 });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    // Enter or Space on the focused button (detail 0) confirms as a press does.
    fireEvent.click(confirm, { detail: 0 });
    expect(onConfirm).toHaveBeenCalledTimes(2);
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

describe('FormDialog with typed entries: the question before closing', () => {
  const question = () => screen.getByRole('alertdialog', { name: 'Закрыть без сохранения?' });

  /** A page's button that opens a form dialog, as the call sites do: nothing of the question there. */
  function Page({ onClose = () => undefined, onSubmit, pending = false, children }: { onClose?: () => void; onSubmit?: (close: () => void) => void; pending?: boolean; children?: ReactNode }) {
    const [open, setOpen] = useState(false);
    const close = () => {
      onClose();
      setOpen(false);
    };
    return (
      <main>
        <h1>Заявка</h1>
        <button type="button" onClick={() => setOpen(true)}>
          Оставить отзыв
        </button>
        {open && (
          <FormDialog title="Отзыв" description="Появится в карточке" submitLabel="Отправить" pending={pending} onSubmit={() => onSubmit?.(close)} onClose={close}>
            {children ?? <ReviewFields />}
          </FormDialog>
        )}
      </main>
    );
  }

  /** A controlled text (React state), an uncontrolled one and a rating as radios. */
  function ReviewFields() {
    const [text, setText] = useState('Было хорошо');
    return (
      <>
        <label>
          Отзыв
          <textarea value={text} onChange={(event) => setText(event.target.value)} />
        </label>
        <label>
          Имя
          <input name="name" />
        </label>
        <label>
          <input type="radio" name="rating" value="5" />
          Отлично
        </label>
      </>
    );
  }

  function openDialog() {
    const opener = screen.getByRole('button', { name: 'Оставить отзыв' });
    opener.focus();
    fireEvent.click(opener);
    return screen.getByRole('dialog', { name: 'Отзыв' });
  }

  const type = (field: HTMLElement, value: string) => {
    field.focus();
    fireEvent.change(field, { target: { value } });
  };

  it('Escape after a change asks inside the dialog; «Продолжить ввод» has the focus, and Escape on it goes back to the field with what was typed', () => {
    const onClose = jest.fn();
    render(<Page onClose={onClose} />);
    const dialog = openDialog();
    const text = screen.getByRole('textbox', { name: 'Отзыв' });
    type(text, 'Было хорошо, но долго');
    fireEvent.keyDown(text, { key: 'Escape' });

    expect(onClose).not.toHaveBeenCalled();
    const asked = within(dialog).getByRole('alertdialog', { name: 'Закрыть без сохранения?' });
    expect(asked).toHaveAccessibleDescription('Введённые данные не сохранятся.');
    const stay = within(asked).getByRole('button', { name: 'Продолжить ввод' });
    expect(stay).toHaveFocus();
    // The form is out of sight and out of reach while the question is asked.
    expect(screen.queryByRole('textbox', { name: 'Отзыв' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отправить' })).not.toBeInTheDocument();

    fireEvent.keyDown(stay, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Отзыв' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Отзыв' })).toHaveValue('Было хорошо, но долго');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('× after a change asks; «Продолжить ввод» puts the focus back on the field last typed in; «Закрыть» closes, the focus back on the opener', () => {
    const onClose = jest.fn();
    render(<Page onClose={onClose} />);
    openDialog();
    const name = screen.getByRole('textbox', { name: 'Имя' });
    type(name, 'Иван');
    // A click on × takes the focus there first, as a browser does.
    const cross = screen.getByRole('button', { name: 'Закрыть' });
    cross.focus();
    fireEvent.click(cross);
    fireEvent.click(within(question()).getByRole('button', { name: 'Продолжить ввод' }));
    expect(screen.getByRole('textbox', { name: 'Имя' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Имя' })).toHaveValue('Иван');

    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    fireEvent.click(within(question()).getByRole('button', { name: 'Закрыть' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Оставить отзыв' })).toHaveFocus();
  });

  it('a click on the backdrop after a change (a radio chosen) asks too; Tab stays within the question', () => {
    const onClose = jest.fn();
    render(<Page onClose={onClose} />);
    const dialog = openDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Отлично' }));
    fireEvent.mouseDown(dialog.parentElement!);
    expect(onClose).not.toHaveBeenCalled();
    const asked = question();
    const close = within(asked).getByRole('button', { name: 'Закрыть' });
    const stay = within(asked).getByRole('button', { name: 'Продолжить ввод' });
    // The question's two buttons are all there is to Tab to.
    expect(within(dialog).getAllByRole('button')).toEqual([close, stay]);
    stay.focus();
    fireEvent.keyDown(stay, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(stay).toHaveFocus();
  });

  it('closes at once when nothing differs from what the dialog opened with (typed, then put back)', () => {
    const onClose = jest.fn();
    render(<Page onClose={onClose} />);
    openDialog();
    const text = screen.getByRole('textbox', { name: 'Отзыв' });
    type(text, 'Было хорошо!');
    type(text, 'Было хорошо');
    fireEvent.keyDown(text, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a one-time code typed is no entry to keep: Escape closes at once', () => {
    const onClose = jest.fn();
    render(
      <Page onClose={onClose}>
        <label>
          Код из СМС
          <input autoComplete="one-time-code" inputMode="numeric" />
        </label>
      </Page>,
    );
    openDialog();
    const code = screen.getByRole('textbox', { name: 'Код из СМС' });
    type(code, '123456');
    fireEvent.keyDown(code, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a field shown after the dialog opened counts from what it showed then', () => {
    function Later() {
      const [more, setMore] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setMore(true)}>
            Добавить комментарий
          </button>
          {more && (
            <label>
              Комментарий
              <textarea defaultValue="" />
            </label>
          )}
        </>
      );
    }
    const onClose = jest.fn();
    const { unmount } = render(
      <Page onClose={onClose}>
        <Later />
      </Page>,
    );
    openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить комментарий' }));
    const comment = screen.getByRole('textbox', { name: 'Комментарий' });
    type(comment, 'Позвоните заранее');
    fireEvent.keyDown(comment, { key: 'Escape' });
    expect(question()).toBeInTheDocument();
    unmount();
  });

  it('«Отмена» closes at once, mid-request Escape closes as before, and a successful submit closes as the caller says', () => {
    const onClose = jest.fn();
    const { rerender } = render(<Page onClose={onClose} onSubmit={(close) => close()} />);
    openDialog();
    type(screen.getByRole('textbox', { name: 'Имя' }), 'Иван');
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    openDialog();
    type(screen.getByRole('textbox', { name: 'Имя' }), 'Иван');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    openDialog();
    type(screen.getByRole('textbox', { name: 'Имя' }), 'Иван');
    rerender(<Page onClose={onClose} pending />);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Имя' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a DialogForm that is one step of a plain Dialog is guarded the same way', () => {
    const onClose = jest.fn();
    render(
      <Dialog title="Код приглашения" onClose={onClose}>
        <DialogForm submitLabel="Проверить" pending={false} onSubmit={() => undefined} onCancel={onClose}>
          <label>
            Должность
            <input />
          </label>
        </DialogForm>
      </Dialog>,
    );
    const field = screen.getByRole('textbox', { name: 'Должность' });
    type(field, 'Прораб');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(question()).getByRole('button', { name: 'Закрыть' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('a call that waits long (QA O-7)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const SLOW = 'Сервер отвечает дольше обычного, ждём ответа…';

  it('a dialog form says so after 3 s, in a polite live region there from the start, and stops saying it with the answer', () => {
    const props = { title: 'Отклик на заявку', submitLabel: 'Отправить отклик', onSubmit: jest.fn(), onClose: jest.fn() };
    const { rerender } = render(<FormDialog {...props} pending />);
    const region = [...document.querySelectorAll('[aria-live="polite"]')].find((el) => el.closest('form'));
    expect(region).toBeDefined();
    expect(region).toHaveTextContent('');
    act(() => void jest.advanceTimersByTime(2999));
    expect(screen.queryByText(SLOW)).not.toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(1));
    expect(region).toHaveTextContent(SLOW);

    rerender(<FormDialog {...props} pending={false} />);
    expect(screen.queryByText(SLOW)).not.toBeInTheDocument();
  });

  it('a confirm dialog too', () => {
    render(<ConfirmDialog title="Закрыть заявку?" description="Оплата будет перечислена исполнителю." confirmLabel="Закрыть заявку" pending onConfirm={jest.fn()} onClose={jest.fn()} />);
    act(() => void jest.advanceTimersByTime(3000));
    expect(screen.getByText(SLOW)).toBeInTheDocument();
  });
});
