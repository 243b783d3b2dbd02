import { useState } from 'react';
import { apiErrorText, bus, isNotFoundStatus, notDoneText, toastFormFailure, useMounted } from 'shared';
import { ConfirmDialog, type BankRequisite } from 'shared/lk';
import { useDeleteRequisite } from '../api/save-requisite';
import { notifySuccess } from '../lib/notify';

export const REQUISITE_DELETED = 'Реквизиты удалены';
export const REQUISITE_ALREADY_DELETED = 'Эти реквизиты уже удалены';
const DELETE_FAILED = 'Не удалось удалить реквизиты';
/** What a deletion refused as sent for a profile no longer active says first (`notDoneText`). */
export const REQUISITE_NOT_DELETED = 'Реквизиты не удалены';

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
  const mounted = useMounted();

  async function confirm() {
    setError(undefined);
    const removed = prepareRemoval(requisite.id);
    try {
      const { message } = await remove.mutateAsync(requisite.id);
      notifySuccess(message, REQUISITE_DELETED);
      removed();
      if (mounted.current) onClose();
    } catch (caught) {
      // Deleted meanwhile (another tab): what was asked is done, and the list is asked again.
      if (isNotFoundStatus(caught)) {
        bus.emit('toast:show', { type: 'info', message: REQUISITE_ALREADY_DELETED });
        removed();
        if (mounted.current) onClose();
        return;
      }
      // Closed while it ran: the refusal is not lost with the dialog, a toast says it. Else the
      // dialog's alert says it, the error toast (spec §7) silent — but for a profile no longer
      // active, whose page closes the dialog: then the toast outlives it (toastFormFailure).
      const message = notDoneText(caught, apiErrorText(caught, DELETE_FAILED), REQUISITE_NOT_DELETED);
      if (!mounted.current) return bus.emit('toast:show', { type: 'error', message });
      setError(message);
      toastFormFailure(message, caught);
    }
  }

  return (
    <ConfirmDialog
      title="Удалить реквизиты?"
      description={`${requisite.recipientName}, счёт ${requisite.account}. Вывести деньги на этот счёт будет нельзя.`}
      confirmLabel="Удалить"
      // A deletion, as the cabinet's others (facility, employee, organisation): the button is red.
      danger
      pending={remove.isPending}
      alert={error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
