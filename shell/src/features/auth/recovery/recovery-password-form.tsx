import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { applyApiError, bus, Button, FormAlert, PasswordField, passwordRecoveryChangeBodySchema, toastFormFailure, useAskBeforeClosing, useFormRefusal } from 'shared';
import { changeRecoveryPassword } from '../api/change-recovery-password';
import { lapsedConfirmation } from '../steps/lapsed';

export const RECOVERY_SUCCESS_MESSAGE = 'Пароль изменён. Войдите с новым паролем';

export interface RecoveryPasswordFormProps {
  phone: string;
  code: string;
  onChanged: () => void;
  /** The code lapsed (expired, used up) before the password was sent: back to the code step with this text. */
  onLapsed: (message: string) => void;
}

export function RecoveryPasswordForm({ phone, code, onChanged, onLapsed }: RecoveryPasswordFormProps) {
  const form = useForm({
    resolver: zodResolver(passwordRecoveryChangeBodySchema),
    defaultValues: { phone, code, password: '', passwordConfirm: '' },
  });
  const { register, setFocus, formState } = form;
  // A refusal (the form's check or the server's) focuses its field, whose message the focus reads;
  // sent with Enter from that field, the focus is there already: the message is said as a status.
  const refusal = useFormRefusal(form);
  const { errors, isSubmitting } = formState;

  useEffect(() => setFocus('password'), [setFocus]);
  // Closing here drops the phone and the accepted code (kept only in memory): the flow starts over
  // from the phone. Escape, × or a stray tap beside the sheet ask first; not while the new password
  // is under way.
  useAskBeforeClosing(() => !isSubmitting);

  const onSubmit = refusal.handleSubmit(async (body) => {
    try {
      const { message } = await changeRecoveryPassword(body);
      bus.emit('toast:show', { type: 'success', message: message ?? RECOVERY_SUCCESS_MESSAGE });
      onChanged();
    } catch (error) {
      const lapsed = lapsedConfirmation(error, 'code');
      // Said by the alert of the step the flow goes back to; shown as the failure's toast too.
      if (lapsed) {
        toastFormFailure(lapsed, error);
        onLapsed(lapsed);
      } else applyApiError(error, refusal, ['password', 'passwordConfirm']);
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <FormAlert message={errors.root?.server?.message} pending={isSubmitting} />
      <PasswordField
        label="Новый пароль"
        autoComplete="new-password"
        hint="Не короче 8 символов"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Повторите пароль"
        autoComplete="new-password"
        error={errors.passwordConfirm?.message}
        {...register('passwordConfirm')}
      />
      {refusal.status}
      <Button type="submit" className="auth-form__submit" loading={isSubmitting}>
        Сохранить пароль
      </Button>
    </form>
  );
}
