import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { bus } from '../bus/bus';
import { Button } from './button';
import { collapsedControlOf, focusLost, focusPageStart } from './focus-fallback';
import { clearFormFailure } from './form-error';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The controls inside `root` that Tab stops at, in document order (a dialog's, a map popup's): not those hidden. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[hidden]'));
}

/** The buttons' row of a dialog: the action first, the way back after it; wraps on a phone. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="ui-dialog__actions">{children}</div>;
}

/** The question a dialog asks before Escape, × or its backdrop drop what was typed in it (`useAskBeforeClosing`). */
export const CLOSE_UNSAVED_TITLE = 'Закрыть без сохранения?';
export const CLOSE_UNSAVED_DESCRIPTION = 'Введённые данные не сохранятся.';

/** The enclosing dialog's register of «is something typed here that closing would drop?». */
const UnsavedInDialog = createContext<((unsaved: () => boolean) => () => void) | null>(null);

/**
 * While `unsaved()` answers true, the enclosing `Dialog` asks «Закрыть без сохранения?» before
 * Escape, its × or a click on its backdrop close it (a `DialogForm` with typed entries). Outside a
 * dialog it does nothing; what the content closes itself (its «Отмена», a save) is not asked about.
 */
export function useAskBeforeClosing(unsaved: () => boolean): void {
  const register = useContext(UnsavedInDialog);
  const current = useRef(unsaved);
  current.current = unsaved;
  useEffect(() => register?.(() => current.current()), [register]);
}

export interface DialogProps {
  title: string;
  /** Read after the title by screen readers (aria-describedby). */
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  closeLabel?: string;
}

/**
 * A modal dialog: labelled by its title, focus moves in on open, is trapped while open and goes
 * back where it was on close; Escape, the close button and a click on the backdrop close it.
 * Full-screen on a phone, a centred card on wider screens.
 *
 * When its content has entries that closing would drop (`useAskBeforeClosing`: a `DialogForm`
 * changed), those three ask first, in the dialog's place of the content, which stays as it is
 * (hidden): «Закрыть без сохранения?» as an alertdialog, «Продолжить ввод» with the focus (Enter
 * does no harm) and «Закрыть». «Продолжить ввод», Escape or the backdrop go back to the content,
 * the focus on the control last focused there.
 *
 * Focus can fall out of the dialog to the page's body without anyone moving it: a control of the
 * content disabled under the focus (a loading Button is not: aria-disabled) or removed with it, and
 * the browser drops the focus. Keys pressed then reach the document, not the panel: the topmost dialog takes
 * Escape (it closes) and Tab (focus comes back to its first or last control) from there too.
 */
export function Dialog({ title, description, onClose, children, closeLabel = 'Закрыть' }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const questionId = useId();
  const [asking, setAsking] = useState(false);
  // The control of the content that had the focus last: the question gives it back there.
  const lastInBody = useRef<HTMLElement | null>(null);
  const returning = useRef(false);
  const unsaved = useRef(new Set<() => boolean>());
  const register = useCallback((check: () => boolean) => {
    unsaved.current.add(check);
    return () => {
      unsaved.current.delete(check);
    };
  }, []);
  /** Escape, × or the backdrop: a question first when something typed would be lost; on the question, back to the content. */
  const dismiss = () => {
    if (asking) {
      returning.current = true;
      setAsking(false);
    } else if ([...unsaved.current].some((check) => check())) setAsking(true);
    else onClose();
  };
  const dismissLatest = useRef(dismiss);
  dismissLatest.current = dismiss;
  // The control that opened the dialog, read at the first render: by the first effect a field of
  // the content may have taken the focus already (`autoFocus` on a confirmation's «Отмена»).
  const [opener] = useState(() => (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useEffect(() => {
    const node = panel.current;
    // The content may already have focused its first field (children's effects run first).
    if (node && !node.contains(document.activeElement)) {
      const first = body.current ? focusables(body.current)[0] : undefined;
      (first ?? node).focus();
    }
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      // Back to the opener. Its focus() does nothing, silently, when it is hidden (a link of a
      // phone's menu that closed meanwhile): the focus is checked, not assumed. Then the button that
      // shows that menu stands in for it; when it went with what the dialog did (a deleted row), or
      // nothing stands in, the page's start.
      if (opener?.isConnected && opener !== document.body) opener.focus();
      if (!focusLost()) return;
      const standIn = opener?.isConnected ? collapsedControlOf(opener) : null;
      standIn?.focus();
      if (focusLost()) focusPageStart();
    };
  }, [opener]);

  // A form's failure toasted while the dialog is open is the dialog's (it is modal): it goes with
  // the dialog, however it closes (Escape, ×, «Отмена», its backdrop), not left over the page or
  // over the same dialog opened again (QA QQ-1). A failure from before it opened, the page's, stays;
  // so does a refusal for a profile no longer active, the page's news, which is not silent
  // (toastFormFailure): the resync closes the dialog, and the toast says what became of its write.
  useEffect(() => {
    let failed = false;
    const stops = [
      bus.on('toast:show', ({ type, silent }) => {
        if (type === 'error' && silent) failed = true;
      }),
      bus.on('toast:form-failure-over', () => {
        failed = false;
      }),
    ];
    return () => {
      stops.forEach((stop) => stop());
      if (failed) clearFormFailure();
    };
  }, []);

  useEffect(() => {
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      const node = panel.current;
      if (!node || event.defaultPrevented || !focusLost()) return;
      const dialogs = document.querySelectorAll('.ui-dialog');
      if (dialogs[dialogs.length - 1] !== node) return;
      if (event.key === 'Escape') {
        dismissLatest.current();
      } else if (event.key === 'Tab') {
        event.preventDefault();
        const items = focusables(node);
        (event.shiftKey ? items[items.length - 1] : items[0])?.focus();
        if (focusLost()) node.focus();
      }
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => document.removeEventListener('keydown', onDocumentKeyDown);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      dismiss();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = focusables(panel.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // Not the second press of a double click (`detail` counts the presses): the first opened the
  // dialog from the button now under the backdrop, and the dialog would flash and close. The press
  // is kept from its default, the browser's focus of what was pressed — for the backdrop, <body> —
  // which would come after the focus placed here (the opener's, the question's).
  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    if (event.detail <= 1) dismiss();
  };

  // Back from the question: to the control the focus left, else to the content's first.
  useLayoutEffect(() => {
    if (asking || !returning.current) return;
    returning.current = false;
    const last = lastInBody.current;
    const target = last?.isConnected && body.current?.contains(last) && focusables(body.current).includes(last) ? last : body.current ? focusables(body.current)[0] : undefined;
    (target ?? panel.current)?.focus();
  }, [asking]);

  return createPortal(
    <div className="ui-dialog-backdrop" onMouseDown={onBackdrop}>
      <div
        ref={panel}
        className="ui-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="ui-dialog__header">
          <h2 id={titleId} className="ui-dialog__title">
            {title}
          </h2>
          {/* Asking, the question's two buttons are the only ways on: no × that could mean either. */}
          {!asking && (
            <button type="button" className="ui-dialog__close" aria-label={closeLabel} onClick={dismiss}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {description && (
          <p id={descriptionId} className="ui-dialog__description" hidden={asking}>
            {description}
          </p>
        )}
        <div
          ref={body}
          className="ui-dialog__body"
          hidden={asking}
          onFocus={(event) => {
            lastInBody.current = event.target;
          }}
        >
          <UnsavedInDialog.Provider value={register}>{children}</UnsavedInDialog.Provider>
        </div>
        {asking && (
          <div role="alertdialog" className="ui-dialog__question" aria-labelledby={`${questionId}-title`} aria-describedby={`${questionId}-text`}>
            <h3 id={`${questionId}-title`} className="ui-dialog__question-title">
              {CLOSE_UNSAVED_TITLE}
            </h3>
            <p id={`${questionId}-text`}>{CLOSE_UNSAVED_DESCRIPTION}</p>
            <DialogActions>
              <Button variant="danger" onClick={onClose}>
                Закрыть
              </Button>
              <Button variant="ghost" onClick={dismiss} autoFocus>
                Продолжить ввод
              </Button>
            </DialogActions>
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
