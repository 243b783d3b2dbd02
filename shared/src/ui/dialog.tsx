import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { focusLost, focusPageStart } from './focus-fallback';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The controls inside `root` that Tab stops at, in document order (a dialog's, a map popup's). */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
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
 * Focus can fall out of the dialog to the page's body without anyone moving it: a submit button
 * clicked with the mouse is disabled while its request runs, and the browser drops the focus of a
 * disabled element. Keys pressed then reach the document, not the panel: the topmost dialog takes
 * Escape (it closes) and Tab (focus comes back to its first or last control) from there too.
 */
export function Dialog({ title, description, onClose, children, closeLabel = 'Закрыть' }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
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
      // Back to the opener; when it went with what the dialog did (a deleted row), to the page's start.
      if (opener?.isConnected && opener !== document.body) opener.focus();
      else if (focusLost()) focusPageStart();
    };
  }, [opener]);

  useEffect(() => {
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      const node = panel.current;
      if (!node || event.defaultPrevented || !focusLost()) return;
      const dialogs = document.querySelectorAll('.ui-dialog');
      if (dialogs[dialogs.length - 1] !== node) return;
      if (event.key === 'Escape') {
        close.current();
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
      onClose();
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
  // dialog from the button now under the backdrop, and the dialog would flash and close.
  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && event.detail <= 1) onClose();
  };

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
          <button type="button" className="ui-dialog__close" aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {description && (
          <p id={descriptionId} className="ui-dialog__description">
            {description}
          </p>
        )}
        <div ref={body} className="ui-dialog__body">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
