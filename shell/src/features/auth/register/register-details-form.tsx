import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { applyApiError, bus, Button, FormAlert, PasswordField, registerBodySchema, TextField, toastFormFailure, useAskBeforeClosing, useFormRefusal } from 'shared';
import { completeLogin } from '../../../session/complete-login';
import { registerUser } from '../api/register-user';
import { lapsedConfirmation } from '../steps/lapsed';

export interface RegisterDetailsFormProps {
  /** Verified at the code step. */
  phone: string;
  onRegistered: () => void;
  /** The phone's confirmation lapsed (the server refused it): the flow goes back to the phone with this text. */
  onLapsed: (message: string) => void;
}

export function RegisterDetailsForm({ phone, onRegistered, onLapsed }: RegisterDetailsFormProps) {
  const form = useForm({
    resolver: zodResolver(registerBodySchema),
    defaultValues: { phone, name: '', password: '', passwordConfirm: '' },
  });
  const { register, setFocus, formState } = form;
  // A refusal (the form's check or the server's) focuses its field, whose message the focus reads;
  // sent with Enter from that field, the focus is there already: the message is said as a status.
  const refusal = useFormRefusal(form);
  const { errors, isSubmitting } = formState;

  useEffect(() => setFocus('name'), [setFocus]);
  // Closing here throws away the confirmed phone, typed or not: its code was spent by the check, and
  // another may only be asked for after the wait. Escape, × or a stray tap beside the sheet ask
  // first. Not while the registration is under way: it goes on whether the dialog stays or not.
  useAskBeforeClosing(() => !isSubmitting);

  const onSubmit = refusal.handleSubmit(async (body) => {
    try {
      const { data, message } = await registerUser(body);
      await completeLogin(data);
      bus.emit('toast:show', { type: 'success', message: message ?? 'Регистрация завершена' });
      onRegistered();
    } catch (error) {
      const lapsed = lapsedConfirmation(error, 'phone');
      // Said by the alert of the step the flow goes back to; shown as the failure's toast too.
      if (lapsed) {
        toastFormFailure(lapsed, error);
        onLapsed(lapsed);
      } else applyApiError(error, refusal, ['name', 'password', 'passwordConfirm']);
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <FormAlert message={errors.root?.server?.message} pending={isSubmitting} />
      <TextField label="Имя" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <PasswordField
        label="Пароль"
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
        Зарегистрироваться
      </Button>
    </form>
  );
}
