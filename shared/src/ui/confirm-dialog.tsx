import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, FormAlert, SLOW_ANSWER_TEXT, useTakingLong } from 'shared';

/**
 * Under a dialog's buttons, once its call has waited SLOW_ANSWER_MS: a write has no time limit, and
 * on a bad network the button alone spun with no end and no words (QA O-7). A polite live region,
 * there from the start so that what comes into it is read.
 */
export function SlowAnswer({ pending }: { pending: boolean }) {
  const slow = useTakingLong(pending);
  return (
    <p className={slow ? 'ui-dialog-form__slow' : 'ui-visually-hidden'} aria-live="polite">
      {slow ? SLOW_ANSWER_TEXT : ''}
    </p>
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
