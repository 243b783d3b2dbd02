import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  applyApiError,
  Button,
  FormAlert,
  formatPhone,
  getSmsCountdownSeconds,
  PhoneInput,
  rememberSentCode,
  setSmsCountdown,
  SMS_SEND_ERROR_MESSAGE,
  type registerCodeReceive,
} from 'shared';
import { flowCodePurpose, type FlowKind } from '../flow-storage';
import { useLapsedAlert } from './lapsed';

export interface PhoneStepProps {
  kind: FlowKind;
  /** The body schema of the call that sends the code (`{ phone }`). */
  schema: NonNullable<(typeof registerCodeReceive)['body']>;
  defaultPhone?: string;
  send: (phone: string) => Promise<{ data: { codeReceived: number } }>;
  /** Called with the canonical phone once the code is sent and the countdown stored. */
  onSent: (phone: string) => void;
  submitLabel: string;
  /**
   * Back here because the phone's confirmation lapsed before the flow's last step was sent: why
   * (the server's text). The code sent before is used up, so the same number gets a new one.
   */
  lapsed?: string;
  children?: ReactNode;
}

export function PhoneStep({ kind, schema, defaultPhone = '', send, onSent, submitLabel, lapsed, children }: PhoneStepProps) {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { phone: defaultPhone ? formatPhone(defaultPhone) : '' } });
  const { register, handleSubmit, setFocus, formState } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => setFocus('phone'), [setFocus]);
  useLapsedAlert(form, lapsed);

  const onSubmit = handleSubmit(async ({ phone }) => {
    // Back from the code step («Изменить номер») with the same number while a new code may not be
    // asked for yet: the code already sent is the one to enter, so the flow goes back to it
    // rather than to a refusal and a minute's wait.
    if (!lapsed && defaultPhone && phone === defaultPhone && getSmsCountdownSeconds() > 0) {
      onSent(phone);
      return;
    }
    try {
      const { data } = await send(phone);
      setSmsCountdown(data.codeReceived);
      // A new code: one spent before it no longer counts.
      rememberSentCode(flowCodePurpose(kind, phone), data.codeReceived);
      onSent(phone);
    } catch (error) {
      applyApiError(error, form, ['phone'], SMS_SEND_ERROR_MESSAGE);
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <FormAlert message={errors.root?.server?.message} />
      <PhoneInput label="Номер телефона" error={errors.phone?.message} {...register('phone')} />
      <Button type="submit" className="auth-form__submit" loading={isSubmitting}>
        {submitLabel}
      </Button>
      {children}
    </form>
  );
}
