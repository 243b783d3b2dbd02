import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiErrorText, bus, Button } from 'shared';
import { ConfirmDialog, FACILITY_MESSAGES } from 'shared/lk';
import { useDeleteFacility } from '../api/delete-facility';
import { facilityPaths } from '../lib/paths';

/** «Удалить объект» with a confirmation; spec §2: the list follows a delete; §8: 409 while linked. */
export function DeleteFacility({ id, name }: { id: number; name: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteFacility();

  async function confirm() {
    try {
      const { message } = await remove.mutateAsync(id);
      bus.emit('toast:show', { type: 'success', message: message || FACILITY_MESSAGES.deleted });
      navigate(facilityPaths.list);
    } catch (error) {
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
          description={`«${name}» и его документы будут удалены без возможности восстановления.`}
          confirmLabel="Удалить"
          pending={remove.isPending}
          onConfirm={() => void confirm()}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
