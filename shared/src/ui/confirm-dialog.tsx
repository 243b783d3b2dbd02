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

/** A question before an action that is hard to undo; «Отмена» takes the focus, so Enter does no harm. One press confirms once. */
export function ConfirmDialog({ title, description, confirmLabel, pending, alert, danger = false, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog title={title} description={description} onClose={onClose}>
      <FormAlert message={alert} pending={pending} />
      <DialogActions>
        {/* A double click's second press is no second confirmation: it came before the first one's
            pending had rendered, and sent the write again (QA AAQ-1: «Сотрудник не найден» beside
            «Сотрудник исключён»). Enter and Space come with `detail` 0. */}
        <Button variant={danger ? 'danger' : 'primary'} loading={pending} onClick={(event) => event.detail < 2 && onConfirm()}>
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
