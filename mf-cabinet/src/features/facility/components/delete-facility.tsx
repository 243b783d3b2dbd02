import { useState } from 'react';
import { apiErrorText, bus, Button, isNotFoundStatus, quoted, useLeaveSpentPage } from 'shared';
import { ConfirmDialog, FACILITY_MESSAGES } from 'shared/lk';
import { useDeleteFacility } from '../api/delete-facility';
import { facilityPaths } from '../lib/paths';

export const FACILITY_ALREADY_DELETED = 'Объект уже удалён';

/**
 * «Удалить объект» with a confirmation; spec §2: the list follows a delete; §8: 409 while linked.
 * A 404 (deleted meanwhile, in another tab) leads to the list as well: there is nothing left here.
 * The list takes the deleted facility's place in the history (or, come from the list, is gone back to),
 * so Back does not open «Объект не найден».
 */
export function DeleteFacility({ id, name }: { id: number; name: string }) {
  const leaveFor = useLeaveSpentPage();
  const [open, setOpen] = useState(false);
  const remove = useDeleteFacility();

  async function confirm() {
    try {
      const { message } = await remove.mutateAsync(id);
      bus.emit('toast:show', { type: 'success', message: message || FACILITY_MESSAGES.deleted });
      leaveFor(facilityPaths.list);
    } catch (error) {
      if (isNotFoundStatus(error)) {
        bus.emit('toast:show', { type: 'info', message: FACILITY_ALREADY_DELETED });
        leaveFor(facilityPaths.list);
        return;
      }
      setOpen(false);
      bus.emit('toast:show', { type: 'error', message: apiErrorText(error, FACILITY_MESSAGES.linked) });
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Удалить объект
      </Button>
      {open && (
        <ConfirmDialog
          title="Удалить объект?"
          description={`${quoted(name)} и его документы будут удалены без возможности восстановления.`}
          confirmLabel="Удалить"
          pending={remove.isPending}
          onConfirm={() => void confirm()}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
