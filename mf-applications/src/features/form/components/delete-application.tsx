import { useState } from 'react';
import { apiErrorText, bus, Button, isStale, toastFormFailure, useLeaveSpentPage } from 'shared';
import { DELETED_MESSAGE, DeleteApplicationDialog } from '../../../components/delete-application-dialog';
import { lkApplicationPaths } from '../../../lib/lk-paths';
import { useDeleteApplication } from '../api/delete-application';

export interface DeleteApplicationProps {
  id: number;
  /** A draft has had no replies to lose (the dialog says what goes). */
  draft: boolean;
  /** Stops the draft's autosave before the delete, and starts it again if the delete fails. */
  onBefore: () => Promise<unknown>;
  onFailed: () => void;
  /** A refused delete: answers true when the form leaves for where the application is now (taken or gone in another tab). */
  onRefused?: (id: number, error: unknown) => Promise<boolean>;
}

/**
 * «Удалить заявку» with a confirmation; spec §2: the list follows a delete. It takes the form's entry
 * (or, the form opened from it, is stepped back to): Back does not open the deleted application's form.
 */
export function DeleteApplication({ id, draft, onBefore, onFailed, onRefused }: DeleteApplicationProps) {
  const leaveFor = useLeaveSpentPage();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const remove = useDeleteApplication();

  async function confirm() {
    setError(undefined);
    await onBefore();
    try {
      const { message } = await remove.mutateAsync(id);
      bus.emit('toast:show', { type: 'success', message: message ?? DELETED_MESSAGE });
      leaveFor(lkApplicationPaths.list);
    } catch (caught) {
      if (await onRefused?.(id, caught)) return;
      onFailed();
      const message = apiErrorText(caught, 'Не удалось удалить заявку');
      // A refusal of the application as it is now (409/404/403): said once, as the detail page says
      // it: the dialog closes and the toast tells why (its «Удалить» would only be refused again).
      if (isStale(caught)) {
        setOpen(false);
        bus.emit('toast:show', { type: 'error', message });
        return;
      }
      setError(message);
      toastFormFailure(message, caught);
    }
  }

  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        Удалить заявку
      </Button>
      {open && (
        <DeleteApplicationDialog
          draft={draft}
          pending={remove.isPending}
          alert={error}
          onConfirm={() => void confirm()}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
