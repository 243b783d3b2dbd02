import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, type To } from 'react-router-dom';
import { applyApiError, bodySchemaOf, Button, FormAlert, formatPhone, login, PasswordField, PhoneInput, useFormRefusal } from 'shared';
import { completeLogin } from '../../../session/complete-login';
import { loginWithPassword } from '../api/login';
import { useAuthCarry } from '../auth-params';

const schema = bodySchemaOf(login);

export interface LoginFormProps {
  onLoggedIn: () => void;
  registerHref: To;
  recoveryHref: To;
  /** Canonical phone to prefill (after password recovery, or typed in the dialog left for this one). */
  phone?: string | undefined;
}

export function LoginForm({ onLoggedIn, registerHref, recoveryHref, phone }: LoginFormProps) {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { phone: phone ? formatPhone(phone) : '', password: '' } });
  const { register, setFocus, formState, control } = form;
  // The phone typed goes along to recovery or registration, which start with it.
  const carried = useAuthCarry(useWatch({ control, name: 'phone' }));
  // A refusal (the form's check or the server's) focuses its field, whose message the focus reads;
  // sent with Enter from that field, the focus is there already: the message is said as a status.
  const refusal = useFormRefusal(form);
  const { errors, isSubmitting } = formState;

  useEffect(() => setFocus(phone ? 'password' : 'phone'), [setFocus, phone]);

  // The dialog closed while the login was on its way: the user gave it up, so its answer does not
  // sign him in behind his back, unseen.
  const sending = useRef<AbortController | null>(null);
  useEffect(() => () => sending.current?.abort(), []);

  const onSubmit = refusal.handleSubmit(async (body) => {
    const current = new AbortController();
    sending.current = current;
    try {
      const { data } = await loginWithPassword(body, current.signal);
      if (current.signal.aborted) return;
      await completeLogin(data);
      onLoggedIn();
    } catch (error) {
      if (current.signal.aborted) return;
      applyApiError(error, refusal, ['phone', 'password']);
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <FormAlert message={errors.root?.server?.message} pending={isSubmitting} />
      <PhoneInput label="Номер телефона" error={errors.phone?.message} {...register('phone')} />
      <PasswordField label="Пароль" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      {refusal.status}
      <p className="auth-form__aside">
        <Link to={recoveryHref} state={carried}>
          Забыли пароль?
        </Link>
      </p>
      <Button type="submit" className="auth-form__submit" loading={isSubmitting}>
        Войти
      </Button>
      <p className="auth-form__switch">
        Нет аккаунта?{' '}
        <Link to={registerHref} state={carried}>
          Зарегистрироваться
        </Link>
      </p>
    </form>
  );
}
