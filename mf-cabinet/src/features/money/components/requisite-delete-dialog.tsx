import { useState } from 'react';
import { apiErrorText, bus, isNotFoundStatus } from 'shared';
import { ConfirmDialog, type BankRequisite } from 'shared/lk';
import { useDeleteRequisite } from '../api/save-requisite';
import { notifySuccess } from '../lib/notify';

export const REQUISITE_DELETED = 'Реквизиты удалены';
export const REQUISITE_ALREADY_DELETED = 'Эти реквизиты уже удалены';

export interface RequisiteDeleteDialogProps {
  profileId: number;
  requisite: BankRequisite;
  /** Where the focus goes once the requisite's card is gone (useFocusAfterRemoval). */
  prepareRemoval: (id: number) => () => void;
  onClose: () => void;
}

export function RequisiteDeleteDialog({ profileId, requisite, prepareRemoval, onClose }: RequisiteDeleteDialogProps) {
  const remove = useDeleteRequisite(profileId);
  const [error, setError] = useState<string>();

  async function confirm() {
    setError(undefined);
    const removed = prepareRemoval(requisite.id);
    try {
      const { message } = await remove.mutateAsync(requisite.id);
      notifySuccess(message, REQUISITE_DELETED);
      removed();
      onClose();
    } catch (caught) {
      // Deleted meanwhile (another tab): what was asked is done, and the list is asked again.
      if (isNotFoundStatus(caught)) {
        bus.emit('toast:show', { type: 'info', message: REQUISITE_ALREADY_DELETED });
        removed();
        onClose();
        return;
      }
      setError(apiErrorText(caught, 'Не удалось удалить реквизиты'));
    }
  }

  return (
    <ConfirmDialog
      title="Удалить реквизиты?"
      description={`${requisite.recipientName}, счёт ${requisite.account}. Вывести деньги на этот счёт будет нельзя.`}
      confirmLabel="Удалить"
      pending={remove.isPending}
      alert={error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
