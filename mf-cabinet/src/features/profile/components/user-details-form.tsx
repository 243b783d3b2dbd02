import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { bodySchemaOf, PROFILE_SAVED_MESSAGE, TextField, useFormRefusal, userUpdate, type SessionUser } from 'shared';
import { LeaveUnsavedDialog, useUnsavedChangesGuard } from 'shared/lk';
import { useUpdateUser } from '../api/update-user';
import { notifySuccess, reportFormError } from '../notify';
import { SaveButton } from './save-button';

const schema = bodySchemaOf(userUpdate);

export function UserDetailsForm({ user }: { user: SessionUser }) {
  const update = useUpdateUser();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { name: user.name, email: user.email ?? '' } });
  const { register, reset, formState } = form;
  const { errors, isSubmitting, isDirty } = formState;
  // A refusal (the form's check or the server's) focuses its field, whose message the focus reads;
  // sent with Enter from that field, the focus is there already: the message is said as a status.
  const refusal = useFormRefusal(form);
  const guard = useUnsavedChangesGuard(isDirty);

  const onSubmit = refusal.handleSubmit(async (body) => {
    try {
      const { data, message } = await update.mutateAsync(body);
      reset({ name: data.name, email: data.email ?? '' });
      notifySuccess(message, PROFILE_SAVED_MESSAGE);
    } catch (error) {
      reportFormError(error, refusal, ['name', 'email']);
    }
  });

  return (
    <form className="profile-form" onSubmit={onSubmit} noValidate>
      <TextField label="Имя" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Электронная почта"
        type="email"
        autoComplete="email"
        hint="Необязательно"
        error={errors.email?.message}
        {...register('email')}
      />
      {refusal.status}
      <SaveButton dirty={isDirty} saving={isSubmitting} />
      <LeaveUnsavedDialog blocker={guard.blocker} description="Личные данные не сохранены и пропадут, если уйти со страницы." />
    </form>
  );
}
