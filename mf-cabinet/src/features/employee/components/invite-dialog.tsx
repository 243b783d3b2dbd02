import { useForm } from 'react-hook-form';
import { apiFieldErrors, applyApiError, FieldRefusalStatus, PhoneInput, TextField, useFieldRefusal } from 'shared';
import { FormDialog } from 'shared/lk';
import { useCheckTypedFields } from '../../../lib/check-typed-fields';
import { useInviteEmployee } from '../api/invite-employee';
import { inviteResolver, type InviteFormOutput, type InviteFormValues } from '../lib/invite-form';
import { INVITE_SENT, notifySuccess } from '../notify';

const FIELDS = ['phone', 'position'] as const;

/** The director invites by phone: the code goes by SMS, the invitee enters it on its organisations page. */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const invite = useInviteEmployee();
  const form = useForm<InviteFormValues, unknown, InviteFormOutput>({
    resolver: inviteResolver,
    mode: 'onTouched',
    defaultValues: { phone: '', position: '' },
  });
  const { formState } = form;
  // Checked as it is left once typed in: tabbing through untouched says nothing yet (QA FFF-2).
  const register = useCheckTypedFields(form.register);
  const { errors, isSubmitting } = formState;
  // A refusal focuses the field, whose message the focus reads; sent with Enter from the field,
  // the focus is there already: then the message is said as a status.
  const refusal = useFieldRefusal();

  const onSubmit = form.handleSubmit(
    async (body) => {
      try {
        const { message } = await invite.mutateAsync(body);
        notifySuccess(message, INVITE_SENT);
        onClose();
      } catch (error) {
        refusal.refuse(apiFieldErrors(error, FIELDS));
        applyApiError(error, form, FIELDS);
      }
    },
    (refused) => refusal.refuse(refused),
  );

  return (
    <FormDialog
      title="Пригласить сотрудника"
      description="Мы отправим код приглашения в СМС на этот номер."
      submitLabel="Отправить приглашение"
      pending={isSubmitting}
      alert={errors.root?.server?.message}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <PhoneInput label="Телефон" error={errors.phone?.message} {...register('phone')} />
      <TextField label="Должность" hint="Необязательно" maxLength={200} autoComplete="organization-title" error={errors.position?.message} {...register('position')} />
      <FieldRefusalStatus said={refusal.said} />
    </FormDialog>
  );
}
