import { ConfirmDialog } from 'shared/lk';

/** The toast of a delete when the server's answer has none. */
export const DELETED_MESSAGE = 'Заявка удалена';

export interface DeleteApplicationDialogProps {
  /** A draft has had no replies to lose. */
  draft: boolean;
  pending: boolean;
  alert?: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/** «Удалить заявку?», asked by the detail page and the form alike; «Отмена» takes the focus. */
export function DeleteApplicationDialog({ draft, ...dialog }: DeleteApplicationDialogProps) {
  return (
    <ConfirmDialog
      title="Удалить заявку?"
      description={
        draft
          ? 'Заявка и её документы будут удалены без возможности восстановления.'
          : 'Заявка, её отклики и документы будут удалены без возможности восстановления.'
      }
      confirmLabel="Удалить"
      danger
      {...dialog}
    />
  );
}
