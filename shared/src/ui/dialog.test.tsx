import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ApiError } from '../api/api-error';
import { bus } from '../bus/bus';
import { PROFILE_CHANGED_CODE } from '../contract/user';
import { Dialog } from './dialog';
import { toastFormFailure } from './form-error';

function Harness({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      {open && (
        <Dialog
          title="Вход"
          description="По номеру телефона"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <input aria-label="Телефон" />
          <button type="submit">Войти</button>
        </Dialog>
      )}
    </>
  );
}

function open() {
  const opener = screen.getByRole('button', { name: 'Открыть' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Dialog', () => {
  it('is a labelled, described modal that takes focus to its first field and locks the page scroll', () => {
    render(<Harness />);
    open();
    const dialog = screen.getByRole('dialog', { name: 'Вход' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('По номеру телефона');
    expect(screen.getByLabelText('Телефон')).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  describe("a form's failure toasted in it (QA QQ-1)", () => {
    let over: jest.Mock;
    let stop: () => void;
    beforeEach(() => {
      over = jest.fn();
      stop = bus.on('toast:form-failure-over', over);
    });
    afterEach(() => stop());

    it.each([
      ['Escape', () => fireEvent.keyDown(screen.getByLabelText('Телефон'), { key: 'Escape' })],
      ['its ×', () => fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }))],
    ])('goes when the dialog closes by %s: not left over the page nor over the dialog opened again', (_how, close) => {
      render(<Harness />);
      open();
      toastFormFailure('Приглашение не найдено', undefined);
      expect(over).not.toHaveBeenCalled();
      close();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(over).toHaveBeenCalledTimes(1);
    });

    it("is not cleared by a dialog that had none: a failure from before it opened (the page's) stays", () => {
      render(<Harness />);
      toastFormFailure('Не удалось сохранить', undefined);
      open();
      fireEvent.keyDown(screen.getByLabelText('Телефон'), { key: 'Escape' });
      expect(over).not.toHaveBeenCalled();
    });

    it("but a refusal for a profile no longer active is the page's news (QA TT-1): announced, and not ended by the close of the dialog the resync closes", () => {
      const shown: unknown[] = [];
      const stopShown = bus.on('toast:show', (toast) => shown.push(toast));
      render(<Harness />);
      open();
      const message = 'Активный профиль сменился в другой вкладке или на другом устройстве: сейчас «Исполнитель». Проверьте, от чьего имени вы действуете, и повторите.';
      toastFormFailure(message, new ApiError({ status: 409, code: PROFILE_CHANGED_CODE, message }));
      fireEvent.keyDown(screen.getByLabelText('Телефон'), { key: 'Escape' });
      stopShown();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(shown).toEqual([{ type: 'error', message }]);
      expect(over).not.toHaveBeenCalled();
    });

    it('is not cleared twice: one the form ended itself (a step on) is over already', () => {
      render(<Harness />);
      open();
      toastFormFailure('Неверный код', undefined);
      bus.emit('toast:form-failure-over', {});
      fireEvent.keyDown(screen.getByLabelText('Телефон'), { key: 'Escape' });
      expect(over).toHaveBeenCalledTimes(1);
    });
  });

  it('wraps Tab at both ends', () => {
    render(<Harness />);
    open();
    const dialog = screen.getByRole('dialog');
    // Focus order: the close button (in the header), the field, the submit button.
    const close = screen.getByRole('button', { name: 'Закрыть' });
    const submit = screen.getByRole('button', { name: 'Войти' });
    submit.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(submit).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    const opener = open();
    fireEvent.keyDown(screen.getByLabelText('Телефон'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on the close button and on a click on the backdrop, not inside', () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    open();
    fireEvent.mouseDown(screen.getByLabelText('Телефон'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('a press on the backdrop keeps the browser from moving the focus: closed, the opener keeps it, not the body', () => {
    render(<Harness />);
    const opener = open();
    // fireEvent answers false when a handler cancelled the event's default action (here: the
    // browser's focus of what was pressed, the backdrop being none, <body>), which jsdom does not do.
    expect(fireEvent.mouseDown(screen.getByRole('dialog').parentElement!)).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('stays open on the second press of the double click that opened it (it lands on the backdrop)', () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    open();
    const backdrop = screen.getByRole('dialog').parentElement!;
    fireEvent.mouseDown(backdrop, { detail: 2 });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(backdrop, { detail: 1 });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('still closes on Escape and takes Tab back when focus fell to the page (a disabled submit button)', () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    const opener = open();
    const submit = screen.getByRole('button', { name: 'Войти' });
    submit.focus();
    submit.blur();
    expect(document.body).toHaveFocus();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(screen.getByRole('button', { name: 'Закрыть' })).toHaveFocus();
    submit.blur();
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Tab', shiftKey: true });
    expect(submit).toHaveFocus();
    submit.blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('leaves keys on the page alone while focus is on the page outside it, and the topmost dialog alone answers', () => {
    const outer = jest.fn();
    const inner = jest.fn();
    render(
      <>
        <button type="button">Снаружи</button>
        <Dialog title="Первый" onClose={outer}>
          <input aria-label="Поле" />
        </Dialog>
        <Dialog title="Второй" onClose={inner}>
          <input aria-label="Другое поле" />
        </Dialog>
      </>,
    );
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Снаружи', hidden: true }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
  });

  describe('an opener hidden by the time it closes (a phone menu closed as its link opened the dialog)', () => {
    /** The menu closes as «Регистрация» in it opens the dialog (the header's does); `controlled`: its button names it. */
    function MenuHarness({ controlled = true }: { controlled?: boolean }) {
      const [menuOpen, setMenuOpen] = useState(false);
      const [dialogOpen, setDialogOpen] = useState(false);
      return (
        <>
          <button type="button" aria-expanded={menuOpen} aria-controls={controlled ? 'menu' : undefined} onClick={() => setMenuOpen((was) => !was)}>
            Меню
          </button>
          <div id="menu" hidden={!menuOpen}>
            <button
              type="button"
              onClick={() => {
                setMenuOpen(false);
                setDialogOpen(true);
              }}
            >
              Регистрация
            </button>
          </div>
          <main>
            <h1>О сервисе</h1>
          </main>
          {dialogOpen && (
            <Dialog title="Регистрация" onClose={() => setDialogOpen(false)}>
              <input aria-label="Телефон" />
            </Dialog>
          )}
        </>
      );
    }

    const focus = HTMLElement.prototype.focus;
    beforeEach(() => {
      // jsdom lays nothing out, and focuses a hidden element all the same; a browser leaves the
      // focus where it was, silently. That refusal is stood in for here.
      jest.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options?: FocusOptions) {
        if (!this.closest('[hidden]')) focus.call(this, options);
      });
    });
    afterEach(() => jest.restoreAllMocks());

    function openFromMenu() {
      fireEvent.click(screen.getByRole('button', { name: 'Меню' }));
      const link = screen.getByRole('button', { name: 'Регистрация' });
      link.focus();
      fireEvent.click(link);
      expect(screen.getByLabelText('Телефон')).toHaveFocus();
    }

    it('gives the focus to the button that shows the menu, where the keyboard came from, every time', () => {
      render(<MenuHarness />);
      for (let time = 0; time < 2; time += 1) {
        openFromMenu();
        fireEvent.keyDown(screen.getByLabelText('Телефон'), { key: 'Escape' });
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Меню' })).toHaveFocus();
      }
    });

    it("with no control that shows it, gives the focus to the page's heading, not to the body", () => {
      render(<MenuHarness controlled={false} />);
      openFromMenu();
      fireEvent.keyDown(screen.getByLabelText('Телефон'), { key: 'Escape' });
      expect(screen.getByRole('heading', { name: 'О сервисе' })).toHaveFocus();
    });
  });
});
