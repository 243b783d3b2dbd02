import { apiErrorText, isNotFoundStatus, quoted, toastFormFailure } from 'shared';
import { ConfirmDialog, type Organization } from 'shared/lk';
import { useDeleteOrganization } from '../api/delete-organization';

const DELETE_FAILED = 'Не удалось удалить организацию';

export interface DeleteOrganizationDialogProps {
  organization: Organization;
  onClose: () => void;
}

/**
 * Deleting is refused (409) while the organisation has live applications or money; the server's
 * reason stays in the dialog rather than vanishing with a toast.
 */
export function DeleteOrganizationDialog({ organization, onClose }: DeleteOrganizationDialogProps) {
  const remove = useDeleteOrganization();
  // The toast and the way to the list are the mutation's own (useDeleteOrganization), for a 404
  // (deleted meanwhile) as for a delete. A refusal is the alert's, its error toast (spec §7) silent.
  const confirm = () =>
    remove.mutate(organization.id, {
      onSuccess: onClose,
      onError: (error) => (isNotFoundStatus(error) ? onClose() : toastFormFailure(apiErrorText(error, DELETE_FAILED), error)),
    });
  const refused = remove.isError && !isNotFoundStatus(remove.error);

  return (
    <ConfirmDialog
      title="Удалить организацию?"
      description={`${quoted(organization.name)} исчезнет из ваших профилей и из профилей её сотрудников. Это действие нельзя отменить.`}
      confirmLabel="Удалить"
      danger
      pending={remove.isPending}
      alert={refused ? apiErrorText(remove.error, DELETE_FAILED) : undefined}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
