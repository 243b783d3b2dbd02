import { useForm } from 'react-hook-form';
import { applyApiError, Button, Dialog, FormAlert, type Organization } from 'shared';
import { useUpdateOrganization } from '../api/update-organization';
import {
  ORGANIZATION_FIELDS,
  organizationResolver,
  organizationFormValues,
  withKnownAddress,
  type OrganizationFormOutput,
  type OrganizationFormValues,
} from '../lib/organization-form';
import { notifySuccess, ORGANIZATION_UPDATED } from '../notify';
import { OrganizationFields } from './organization-fields';

export interface EditOrganizationDialogProps {
  organization: Organization;
  onClose: () => void;
}

/** The director corrects the requisites; the same checks as on creation. */
export function EditOrganizationDialog({ organization, onClose }: EditOrganizationDialogProps) {
  const form = useForm<OrganizationFormValues, unknown, OrganizationFormOutput>({
    resolver: organizationResolver,
    mode: 'onTouched',
    defaultValues: organizationFormValues(organization),
  });
  const update = useUpdateOrganization();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message } = await update.mutateAsync({ id: organization.id, ...withKnownAddress(values, organization.address) });
      notifySuccess(message, ORGANIZATION_UPDATED);
      onClose();
    } catch (error) {
      applyApiError(error, form, ORGANIZATION_FIELDS);
    }
  });

  return (
    <Dialog title="Данные организации" onClose={onClose}>
      <form className="org-form" onSubmit={onSubmit} noValidate>
        <FormAlert message={errors.root?.server?.message} />
        <OrganizationFields form={form} />
        <div className="org-form__buttons">
          <Button type="submit" loading={isSubmitting}>
            Сохранить
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Отмена
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
