import { useForm } from 'react-hook-form';
import { applyApiError, useFormRefusal } from 'shared';
import { FormDialog, useUnchosenAddresses, type Organization } from 'shared/lk';
import { useUpdateOrganization } from '../api/update-organization';
import {
  ORGANIZATION_FIELDS,
  organizationResolver,
  organizationBody,
  organizationFormValues,
  type OrganizationFormOutput,
  type OrganizationFormValues,
} from '../lib/organization-form';
import { notifySuccess, ORGANIZATION_UPDATED } from '../notify';
import { OrganizationFields } from './organization-fields';

export interface EditOrganizationDialogProps {
  organization: Organization;
  onClose: () => void;
}

/** The director corrects the requisites, the city and the description; the same checks as on creation. */
export function EditOrganizationDialog({ organization, onClose }: EditOrganizationDialogProps) {
  const unchosen = useUnchosenAddresses();
  const form = useForm<OrganizationFormValues, unknown, OrganizationFormOutput>({
    resolver: unchosen.resolver(organizationResolver),
    mode: 'onTouched',
    defaultValues: organizationFormValues(organization),
  });
  const update = useUpdateOrganization();
  const { errors, isSubmitting } = form.formState;
  // A refusal (the form's check or the server's) focuses its field, whose message the focus reads;
  // sent with Enter from that field, the focus is there already: the message is said as a status.
  const refusal = useFormRefusal(form);

  const onSubmit = refusal.handleSubmit(async (values) => {
    try {
      const { message } = await update.mutateAsync({ id: organization.id, ...organizationBody(values, organization) });
      notifySuccess(message, ORGANIZATION_UPDATED);
      onClose();
    } catch (error) {
      applyApiError(error, refusal, ORGANIZATION_FIELDS);
    }
  });

  return (
    <FormDialog
      title="Данные организации"
      submitLabel="Сохранить"
      pending={isSubmitting}
      alert={errors.root?.server?.message}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <OrganizationFields form={form} unchosen={unchosen} />
      {refusal.status}
    </FormDialog>
  );
}
