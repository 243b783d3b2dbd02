import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button, PasswordField, passwordChangeBodySchema, useFormRefusal } from 'shared';
import { LeaveUnsavedDialog, useUnsavedChangesGuard } from 'shared/lk';
import { useChangePassword } from '../api/change-password';
import { notifySuccess, PASSWORD_CHANGED, reportFormError } from '../notify';

const EMPTY = { password: '', newPassword: '', newPasswordConfirm: '' };

export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(passwordChangeBodySchema), defaultValues: EMPTY });
  const { register, reset, formState } = form;
  const { errors, isSubmitting, isDirty } = formState;
  // A refusal (the form's check or the server's) focuses its field, whose message the focus reads;
  // sent with Enter from that field, the focus is there already: the message is said as a status.
  const refusal = useFormRefusal(form);
  const guard = useUnsavedChangesGuard(isDirty);

  const onSubmit = refusal.handleSubmit(async (body) => {
    try {
      const { message } = await change.mutateAsync(body);
      reset(EMPTY);
      notifySuccess(message, PASSWORD_CHANGED);
    } catch (error) {
      reportFormError(error, refusal, ['password', 'newPassword', 'newPasswordConfirm']);
    }
  });

  return (
    <form className="profile-form" onSubmit={onSubmit} noValidate>
      <PasswordField label="Текущий пароль" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      <PasswordField
        label="Новый пароль"
        autoComplete="new-password"
        hint="Не короче 8 символов. Другие сеансы будут завершены."
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label="Повторите новый пароль"
        autoComplete="new-password"
        error={errors.newPasswordConfirm?.message}
        {...register('newPasswordConfirm')}
      />
      {refusal.status}
      <Button type="submit" loading={isSubmitting}>
        Сменить пароль
      </Button>
      <LeaveUnsavedDialog blocker={guard.blocker} description="Новый пароль не сохранён и пропадёт, если уйти со страницы." />
    </form>
  );
}
