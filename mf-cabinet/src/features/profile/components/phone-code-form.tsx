import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { bodySchemaOf, Button, CodeInput, formatPhone, ResendCode, SMS_SEND_ERROR_MESSAGE, userUpdatePhone, type useSmsCountdown } from 'shared';
import { sendPhoneCode } from '../api/send-phone-code';
import { useUpdatePhone } from '../api/update-phone';
import { notifyError, notifySuccess, PHONE_CHANGED, reportFormError } from '../notify';

const schema = bodySchemaOf(userUpdatePhone);

export interface PhoneCodeFormProps {
  phone: string;
  countdown: ReturnType<typeof useSmsCountdown>;
  onDone: () => void;
  onCancel: () => void;
}

export function PhoneCodeForm({ phone, countdown, onDone, onCancel }: PhoneCodeFormProps) {
  const update = useUpdatePhone();
  const [resending, setResending] = useState(false);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { phone, code: '' } });
  const { register, handleSubmit, setFocus, formState } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { message } = await update.mutateAsync(body);
      notifySuccess(message, PHONE_CHANGED);
      onDone();
    } catch (error) {
      reportFormError(error, form, ['code']);
    }
  });

  const resend = async () => {
    setResending(true);
    try {
      const { data } = await sendPhoneCode(phone);
      countdown.start(data.codeReceived);
    } catch (error) {
      notifyError(error, SMS_SEND_ERROR_MESSAGE);
    } finally {
      setResending(false);
    }
  };

  return (
    <form className="profile-form" onSubmit={onSubmit} noValidate>
      <p className="profile-section__lead">
        Код отправлен на номер <strong className="ui-phone">{formatPhone(phone)}</strong>
      </p>
      <CodeInput error={errors.code?.message} {...register('code')} />
      <ResendCode seconds={countdown.seconds} onResend={() => void resend()} pending={resending} />
      <div className="profile-form__actions">
        <Button type="submit" loading={isSubmitting}>
          Подтвердить
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Отменить
        </Button>
      </div>
    </form>
  );
}
