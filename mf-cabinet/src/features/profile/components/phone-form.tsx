import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { bodySchemaOf, Button, formatPhone, getSmsCountdownSeconds, PasswordField, PhoneInput, sentEarlier, SMS_SEND_ERROR_MESSAGE, useFormRefusal, useSmsCountdown, userUpdatePhoneSendCode } from 'shared';
import { LeaveUnsavedDialog, useUnsavedChangesGuard } from 'shared/lk';
import { sendPhoneCode } from '../api/send-phone-code';
import { reportFormError } from '../notify';
import { PhoneCodeForm } from './phone-code-form';

const schema = bodySchemaOf(userUpdatePhoneSendCode);

/**
 * Change of phone: the current password and the new number, a code goes to it (with the resend
 * countdown), then it is confirmed. The phone is the login and the way back in: a session alone
 * does not move it (QA AAD-1).
 */
export function PhoneForm({ currentPhone }: { currentPhone: string }) {
  const [pendingPhone, setPendingPhone] = useState<string | null>(null);
  // The password the code was asked with, for «Отправить код повторно».
  const [password, setPassword] = useState('');
  // The number the last code went to, until it is used: «Отменить» and the same number again.
  const [sentTo, setSentTo] = useState<string | null>(null);
  // That code can no longer be used (its tries spent, expired): back to it, a new one is asked for.
  const [spent, setSpent] = useState(false);
  // That code was sent before this «Получить код» (before a reload, from another tab or device): «Код уже отправлен».
  const [earlier, setEarlier] = useState(false);
  const countdown = useSmsCountdown();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { phone: '', password: '' } });
  const { register, reset, setFocus, formState } = form;
  const { errors, isSubmitting, isDirty } = formState;
  // A refusal (the form's check or the server's) focuses its field, whose message the focus reads;
  // sent with Enter from that field, the focus is there already: the message is said as a status.
  const refusal = useFormRefusal(form);
  // A number typed, or one waiting for its code: leaving drops the change.
  const guard = useUnsavedChangesGuard(isDirty || pendingPhone !== null);

  // Focus returns to the field only after the code step closes (its form held the focus); on load
  // the page keeps the browser's focus and scroll, since a focused field would scroll past the header.
  const backFromCode = useRef(false);
  useEffect(() => {
    if (pendingPhone !== null || !backFromCode.current) return;
    backFromCode.current = false;
    setFocus('phone');
  }, [pendingPhone, setFocus]);

  const onSubmit = refusal.handleSubmit(async ({ phone, password }) => {
    setPassword(password);
    // The same number again while a new code may not be asked for yet: the code already sent is
    // the one to enter, so back to it rather than to a refusal (and another SMS spent).
    if (phone === sentTo && getSmsCountdownSeconds() > 0) {
      setPendingPhone(phone);
      return;
    }
    try {
      const { data } = await sendPhoneCode(phone, password);
      countdown.start(data.codeReceived);
      setSentTo(phone);
      setSpent(false);
      setEarlier(false);
      setPendingPhone(phone);
    } catch (error) {
      // Too soon after a code sent to this number (before a reload, from another tab or device):
      // that code may be the one in his hands, so on to its field with the server's wait counted
      // down, as the sign-in dialogs do — not a toast, a minute's dead end and another SMS. A code
      // spent here stays spent: the step then waits for a new one.
      const sent = sentEarlier(error);
      if (!sent) return reportFormError(error, refusal, ['password', 'phone'], SMS_SEND_ERROR_MESSAGE);
      countdown.start(sent.codeReceived);
      if (phone !== sentTo) {
        setSentTo(phone);
        setSpent(false);
      }
      setEarlier(true);
      setPendingPhone(phone);
    }
  });

  const finish = () => {
    backFromCode.current = true;
    setPendingPhone(null);
    reset({ phone: '', password: '' });
  };
  const changed = () => {
    // The code is used up: the next change starts with a new one.
    setSentTo(null);
    finish();
  };

  return (
    <>
      <p className="profile-section__lead">
        Текущий номер: <strong className="ui-phone">{formatPhone(currentPhone)}</strong>
      </p>
      {pendingPhone === null ? (
        <form className="profile-form" onSubmit={onSubmit} noValidate>
          <PhoneInput label="Новый номер телефона" error={errors.phone?.message} {...register('phone')} />
          <PasswordField label="Текущий пароль" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
          {refusal.status}
          <Button type="submit" loading={isSubmitting}>
            Получить код
          </Button>
        </form>
      ) : (
        <PhoneCodeForm
          phone={pendingPhone}
          password={password}
          countdown={countdown}
          spent={spent}
          onSpentChange={setSpent}
          earlier={earlier}
          onResent={setEarlier}
          onDone={changed}
          onCancel={finish}
        />
      )}
      <LeaveUnsavedDialog blocker={guard.blocker} description="Новый номер телефона не подтверждён и пропадёт, если уйти со страницы." />
    </>
  );
}
