import { useState } from 'react';
import { apiErrorText } from 'shared';
import { ConfirmDialog, type BankRequisite } from 'shared/lk';
import { useDeleteRequisite } from '../api/save-requisite';
import { notifySuccess } from '../lib/notify';

export const REQUISITE_DELETED = 'Реквизиты удалены';

export function RequisiteDeleteDialog({ profileId, requisite, onClose }: { profileId: number; requisite: BankRequisite; onClose: () => void }) {
  const remove = useDeleteRequisite(profileId);
  const [error, setError] = useState<string>();

  async function confirm() {
    setError(undefined);
    try {
      const { message } = await remove.mutateAsync(requisite.id);
      notifySuccess(message, REQUISITE_DELETED);
      onClose();
    } catch (caught) {
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
