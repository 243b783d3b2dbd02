import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  bodySchemaOf,
  Button,
  CodeInput,
  FieldRefusalStatus,
  formatPhone,
  refuseCode,
  ResendCode,
  sentEarlier,
  sentNow,
  SMS_SEND_ERROR_MESSAGE,
  useFieldRefusal,
  userUpdatePhone,
  type SentCode,
  type useSmsCountdown,
} from 'shared';
import { sendPhoneCode } from '../api/send-phone-code';
import { useUpdatePhone } from '../api/update-phone';
import { notifyError, notifySuccess, PHONE_CHANGED, reportFormError } from '../notify';

const schema = bodySchemaOf(userUpdatePhone);

export interface PhoneCodeFormProps {
  phone: string;
  /** The current password the code was asked with: a resend asks with it again. */
  password: string;
  countdown: ReturnType<typeof useSmsCountdown>;
  /**
   * The code sent to `phone` can no longer be used (its tries spent, expired): only a new one leads
   * on. Kept by the phone form, so that «Отменить» and the same number again come back to the wait.
   */
  spent: boolean;
  onSpentChange: (spent: boolean) => void;
  /** The code was sent before the form asked for one (before a reload, from another tab or device): «Код уже отправлен». */
  earlier?: boolean;
  /** A new code to enter came with «Отправить код повторно» (`earlier`: one sent from elsewhere since, found by a too-soon answer). */
  onResent?: (earlier: boolean) => void;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * The code sent to the new number, with the 60-second countdown before «Отправить код повторно».
 * A code refused for good leads to a new one: the wait says when it may be asked for, then the
 * button takes the focus (ResendCode `spent`). A new code empties the field and takes the focus
 * (the button it was on turns into the wait).
 */
export function PhoneCodeForm({ phone, password, countdown, spent, onSpentChange, earlier = false, onResent, onDone, onCancel }: PhoneCodeFormProps) {
  const update = useUpdatePhone();
  const [resending, setResending] = useState(false);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { phone, code: '' } });
  const { register, handleSubmit, setFocus, setValue, clearErrors, formState } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => setFocus('code'), [setFocus]);

  // A refused code focuses the field, whose message the focus reads; sent with Enter from the
  // field, the focus is there already: then the message is said as a status.
  const refusal = useFieldRefusal();
  const checkCode = handleSubmit(
    async (body) => {
      try {
        const { message } = await update.mutateAsync(body);
        notifySuccess(message, PHONE_CHANGED);
        onDone();
      } catch (error) {
        if (refuseCode(refusal, error, () => reportFormError(error, form, ['code']), { resendOffered: countdown.seconds === 0 })) onSpentChange(true);
      }
    },
    (refused) => refusal.refuse(refused),
  );
  // A spent code is not sent again (Enter in its read-only field): why is said again instead, as
  // the login's code step does; each press was another refusal.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!spent) return checkCode(event);
    event.preventDefault();
    if (errors.code?.message) refusal.refuse({ code: errors.code.message });
  };

  /** A new code to enter: the one typed for the old code goes, with its error and what was said of it. */
  const codeArrived = ({ codeReceived, earlier: sentBefore }: SentCode) => {
    countdown.start(codeReceived);
    setValue('code', '');
    clearErrors();
    refusal.refuse({});
    onSpentChange(false);
    onResent?.(sentBefore);
    setFocus('code');
  };

  const resend = async () => {
    setResending(true);
    try {
      const { data } = await sendPhoneCode(phone, password);
      codeArrived(sentNow(data.codeReceived));
    } catch (error) {
      // The button is offered once this tab's wait is over: «too soon» means a newer code was sent
      // from another tab or device since, and that one is the code to enter.
      const sentBefore = sentEarlier(error);
      if (sentBefore) codeArrived(sentBefore);
      else notifyError(error, SMS_SEND_ERROR_MESSAGE);
    } finally {
      setResending(false);
    }
  };

  return (
    <form className="profile-form" onSubmit={onSubmit} noValidate>
      <p className="profile-section__lead">
        {earlier && !spent ? 'Код уже отправлен на номер ' : 'Код отправлен на номер '}
        <strong className="ui-phone">{formatPhone(phone)}</strong>
      </p>
      <CodeInput error={errors.code?.message} readOnly={spent} {...register('code')} />
      <FieldRefusalStatus said={refusal.said} />
      <ResendCode seconds={countdown.seconds} onResend={() => void resend()} pending={resending} spent={spent} earlier={earlier} />
      <div className="profile-form__actions">
        {!spent && (
          <Button type="submit" loading={isSubmitting}>
            Подтвердить
          </Button>
        )}
        <Button variant="ghost" onClick={onCancel}>
          Отменить
        </Button>
      </div>
    </form>
  );
}
