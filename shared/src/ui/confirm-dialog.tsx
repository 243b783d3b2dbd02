import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, FormAlert, SlowAnswer } from 'shared';

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
      <FormAlert message={alert} pending={pending} />
      <DialogActions>
        <Button variant={danger ? 'danger' : 'primary'} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="ghost" onClick={onClose} autoFocus>
          Отмена
        </Button>
      </DialogActions>
      <SlowAnswer pending={pending} />
    </Dialog>
  );
}
