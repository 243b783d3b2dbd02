import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { applyApiError, FormAlert, isApiError, organizationKeys, useFormRefusal } from 'shared';
import { FormDialog, ORGANIZATION_CHANGED, organizationSeenOf, useChangedElsewhere, useUnchosenAddresses, type Organization } from 'shared/lk';
import { useUpdateOrganization } from '../api/update-organization';
import {
  ORGANIZATION_FIELD_LABELS,
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

/**
 * The director corrects the requisites, the city and the description; the same checks as on creation.
 * The organisation saved elsewhere meanwhile (another tab; the page under the dialog reads it again)
 * comes into the fields not touched here, and the dialog says which changed; a save sends what it
 * saw (`seen`), so one made before that news arrived is refused, not written over it (QA AAQ-2).
 */
export function EditOrganizationDialog({ organization, onClose }: EditOrganizationDialogProps) {
  const unchosen = useUnchosenAddresses();
  const form = useForm<OrganizationFormValues, unknown, OrganizationFormOutput>({
    resolver: unchosen.resolver(organizationResolver),
    mode: 'onTouched',
    defaultValues: organizationFormValues(organization),
  });
  const update = useUpdateOrganization();
  const queryClient = useQueryClient();
  const changedElsewhere = useChangedElsewhere(organizationFormValues(organization), {
    what: 'данные организации',
    labels: ORGANIZATION_FIELD_LABELS,
    take: (saved) => form.reset(saved, { keepDirtyValues: true }),
  });
  const { errors, isSubmitting } = form.formState;
  // A refusal (the form's check or the server's) focuses its field, whose message the focus reads;
  // sent with Enter from that field, the focus is there already: the message is said as a status.
  const refusal = useFormRefusal(form);

  const onSubmit = refusal.handleSubmit(async (values) => {
    try {
      const { message } = await update.mutateAsync({ id: organization.id, ...organizationBody(values, organization), seen: organizationSeenOf(organization) });
      notifySuccess(message, ORGANIZATION_UPDATED);
      onClose();
    } catch (error) {
      applyApiError(error, refusal, ORGANIZATION_FIELDS);
      // Its news is on the way to the page (a socket, a tab come back into view): not waited for.
      if (isApiError(error) && error.code === ORGANIZATION_CHANGED) void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
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
      {/* By the buttons, where the save is pressed: on a phone the top of the dialog is out of view then (QA AAT-2). */}
      <FormAlert message={changedElsewhere} />
      {refusal.status}
    </FormDialog>
  );
}
