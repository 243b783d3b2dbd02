import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  applyApiError,
  Button,
  clearFormFailure,
  forgetSentCode,
  FormAlert,
  formatPhone,
  getSmsCountdownSeconds,
  PhoneInput,
  rememberSentCode,
  sentEarlier,
  sentNow,
  setSmsCountdown,
  SMS_SEND_ERROR_MESSAGE,
  wasCodeSpent,
  useFormRefusal,
  type registerCodeReceive,
  type SentCode,
} from 'shared';
import { useAuthCarry, type AuthCarry } from '../auth-params';
import { flowCodePurpose, type FlowKind } from '../flow-storage';
import { useLapsedAlert } from './lapsed';

export interface PhoneStepProps {
  kind: FlowKind;
  /** The body schema of the call that sends the code (`{ phone }`). */
  schema: NonNullable<(typeof registerCodeReceive)['body']>;
  /** The flow's phone (canonical), whose code was sent: «Изменить номер» comes back with it. */
  defaultPhone?: string;
  /**
   * A phone typed in the dialog left for this one (canonical), to start with when the flow has none
   * of its own. Only shown: no code of the flow's went to it.
   */
  carriedPhone?: string | undefined;
  send: (phone: string) => Promise<{ data: { codeReceived: number } }>;
  /**
   * Called with the canonical phone once the code is sent and the countdown stored, and with the
   * code: none when the flow goes back to the code it sent before («Изменить номер», same number).
   */
  onSent: (phone: string, code?: SentCode) => void;
  submitLabel: string;
  /**
   * Back here because the phone's confirmation lapsed before the flow's last step was sent: why
   * (the server's text). The code sent before is used up, so the same number gets a new one.
   */
  lapsed?: string;
  /** Below the form (the link to another dialog), given what to carry there: the phone typed. */
  children?: (carry: AuthCarry | undefined) => ReactNode;
}

export function PhoneStep({ kind, schema, defaultPhone = '', carriedPhone, send, onSent, submitLabel, lapsed, children }: PhoneStepProps) {
  const shown = defaultPhone || carriedPhone;
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { phone: shown ? formatPhone(shown) : '' } });
  const { register, setFocus, formState, control } = form;
  const carry = useAuthCarry(useWatch({ control, name: 'phone' }));
  // A refusal (the form's check or the server's) focuses its field, whose message the focus reads;
  // sent with Enter from that field, the focus is there already: the message is said as a status.
  const refusal = useFormRefusal(form);
  const { errors, isSubmitting } = formState;

  useEffect(() => setFocus('phone'), [setFocus]);
  useLapsedAlert(form, lapsed);

  const onSubmit = refusal.handleSubmit(async ({ phone }) => {
    // Back from the code step («Изменить номер») with the same number while a new code may not be
    // asked for yet: the code already sent is the one to enter, so the flow goes back to it
    // rather than to a refusal and a minute's wait.
    if (!lapsed && defaultPhone && phone === defaultPhone && getSmsCountdownSeconds() > 0) {
      onSent(phone);
      return;
    }
    const purpose = flowCodePurpose(kind, phone);
    try {
      const { data } = await send(phone);
      setSmsCountdown(data.codeReceived);
      // A new code: one spent before it no longer counts.
      rememberSentCode(purpose, data.codeReceived);
      // The code's step says it: a refusal's toast before is over.
      clearFormFailure();
      onSent(phone, sentNow(data.codeReceived));
    } catch (error) {
      // Too soon after a code sent to this number (from another device or tab): that code may be
      // the one in his hands, so the flow goes on to its field with the server's wait, not a
      // minute's dead end. Unless it was used up here (spent, or the confirmation that lapsed): the
      // code step then waits for a new one.
      const earlier = sentEarlier(error);
      if (!earlier) return applyApiError(error, refusal, ['phone'], SMS_SEND_ERROR_MESSAGE);
      setSmsCountdown(earlier.codeReceived);
      if (lapsed) forgetSentCode(purpose, { spent: true });
      else if (!wasCodeSpent(purpose)) rememberSentCode(purpose, earlier.codeReceived);
      clearFormFailure();
      onSent(phone, earlier);
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <FormAlert message={errors.root?.server?.message} pending={isSubmitting} />
      <PhoneInput label="Номер телефона" error={errors.phone?.message} {...register('phone')} />
      {refusal.status}
      <Button type="submit" className="auth-form__submit" loading={isSubmitting}>
        {submitLabel}
      </Button>
      {children?.(carry)}
    </form>
  );
}
