import type { ReactNode } from 'react';
import { apiErrorText, Button, Dialog, FormAlert } from 'shared';

export interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** The failed attempt's error: its message stays in the dialog next to the buttons. */
  error: unknown;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question before an action that is hard to undo; «Отмена» takes the focus, so Enter does no harm. */
export function ConfirmDialog({ title, description, confirmLabel, pending, error, danger = false, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog title={title} description={description} onClose={onClose}>
      <FormAlert message={error ? apiErrorText(error) : undefined} />
      <div className="emp-dialog__buttons">
        <Button className={danger ? 'emp-danger-button' : undefined} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="ghost" onClick={onClose} autoFocus>
          Отмена
        </Button>
      </div>
    </Dialog>
  );
}
