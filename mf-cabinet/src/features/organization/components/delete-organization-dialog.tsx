import { useNavigate } from 'react-router-dom';
import { apiErrorText } from 'shared';
import { ConfirmDialog, type Organization } from 'shared/lk';
import { useDeleteOrganization } from '../api/delete-organization';
import { notifySuccess, ORGANIZATION_DELETED } from '../notify';

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
  const navigate = useNavigate();

  const confirm = () =>
    remove.mutate(organization.id, {
      onSuccess: ({ message }) => {
        notifySuccess(message, ORGANIZATION_DELETED);
        onClose();
        navigate('/lk/organization', { replace: true });
      },
    });

  return (
    <ConfirmDialog
      title="Удалить организацию?"
      description={`«${organization.name}» исчезнет из ваших профилей и из профилей её сотрудников. Это действие нельзя отменить.`}
      confirmLabel="Удалить"
      danger
      pending={remove.isPending}
      alert={remove.isError ? apiErrorText(remove.error, 'Не удалось удалить организацию') : undefined}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
