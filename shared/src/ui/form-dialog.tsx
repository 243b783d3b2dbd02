import type { FormEvent, ReactNode } from 'react';
import { Button, Dialog, FormAlert } from 'shared';

/** The row of a dialog's buttons: the action first, «Отмена» after it; wraps on a phone. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="ui-dialog__actions">{children}</div>;
}

export interface DialogFormProps {
  submitLabel: string;
  /** The request is under way: the submit button spins and a second submit is ignored. */
  pending: boolean;
  /** The server's message, announced as an alert above the fields. */
  alert?: string | undefined;
  /** Called with the form's submit event (already default-prevented), e.g. react-hook-form's handleSubmit. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  cancelLabel?: string;
  /** An extra class of the form, for the owner's layout of its fields. */
  className?: string;
  children?: ReactNode;
}

/**
 * The body of a dialog that is one form: alert, fields, the submit button and «Отмена». For a
 * dialog whose other steps are not forms; a dialog that is only the form is a `FormDialog`.
 */
export function DialogForm({ submitLabel, pending, alert, onSubmit, onCancel, cancelLabel = 'Отмена', className, children }: DialogFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit(event);
  };
  return (
    <form className={className ? `ui-dialog-form ${className}` : 'ui-dialog-form'} onSubmit={submit} noValidate>
      <FormAlert message={alert} />
      {children}
      <DialogActions>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

export interface FormDialogProps extends Omit<DialogFormProps, 'onCancel'> {
  title: string;
  description?: ReactNode;
  /** The close button, Escape, the backdrop and «Отмена». */
  onClose: () => void;
}

/** A labelled dialog with one form: alert, fields, the submit button and «Отмена». */
export function FormDialog({ title, description, onClose, ...form }: FormDialogProps) {
  return (
    <Dialog title={title} description={description} onClose={onClose}>
      <DialogForm {...form} onCancel={onClose} />
    </Dialog>
  );
}

export interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** Why the last attempt failed: it stays in the dialog, above the buttons. */
  alert?: string | undefined;
  /** The action destroys something: the confirm button is red. */
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question before an action that is hard to undo; «Отмена» takes the focus, so Enter does no harm. */
export function ConfirmDialog({ title, description, confirmLabel, pending, alert, danger = false, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog title={title} description={description} onClose={onClose}>
      <FormAlert message={alert} />
      <DialogActions>
        <Button variant={danger ? 'danger' : 'primary'} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="ghost" onClick={onClose} autoFocus>
          Отмена
        </Button>
      </DialogActions>
    </Dialog>
  );
}
