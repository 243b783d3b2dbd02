import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  applyApiError,
  Button,
  CodeInput,
  FieldRefusalStatus,
  forgetSentCode,
  FormAlert,
  formatPhone,
  refuseCode,
  rememberSentCode,
  ResendCode,
  SMS_SEND_ERROR_MESSAGE,
  useFieldRefusal,
  useSmsCountdown,
  wasCodeSpent,
  type registerCodeCheck,
} from 'shared';
import { flowCodePurpose, type FlowKind } from '../flow-storage';
import { useLapsedAlert } from './lapsed';

export interface CodeStepProps {
  kind: FlowKind;
  /** The body schema of the call that checks the code (`{ phone, code }`). */
  schema: NonNullable<(typeof registerCodeCheck)['body']>;
  phone: string;
  check: (phone: string, code: string) => Promise<unknown>;
  resend: (phone: string) => Promise<{ data: { codeReceived: number } }>;
  onVerified: (code: string) => void;
  onChangePhone: () => void;
  /**
   * Back here because the accepted code lapsed before the flow's last step was sent: why (the
   * server's text). That code is of no use any more: the step starts as for a spent one.
   */
  lapsed?: string;
}

/**
 * The SMS code of a flow (registration, recovery), with the 60-second countdown before «Отправить
 * код повторно». A code refused for good (its tries spent, expired) leads to a new one: the wait
 * says when it may be asked for, then the button takes the focus (ResendCode `spent`); a new code
 * empties the field and takes its error.
 */
export function CodeStep({ kind, schema, phone, check, resend, onVerified, onChangePhone, lapsed }: CodeStepProps) {
  const countdown = useSmsCountdown();
  const [resending, setResending] = useState(false);
  const purpose = flowCodePurpose(kind, phone);
  /** The code sent can no longer be used (tries spent, expired, lapsed; before a reload too): only a new one leads on. */
  const [spent, setSpent] = useState(() => lapsed !== undefined || wasCodeSpent(purpose));
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { phone, code: '' } });
  const { register, handleSubmit, setFocus, setValue, clearErrors, formState } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => setFocus('code'), [setFocus]);
  useLapsedAlert(form, lapsed);

  // A refused code focuses the field, whose message the focus reads; sent with Enter from the
  // field, the focus is there already: then the message is said as a status.
  const refusal = useFieldRefusal();
  const onSubmit = handleSubmit(
    async ({ code }) => {
      try {
        await check(phone, code);
        forgetSentCode(purpose);
        onVerified(code);
      } catch (error) {
        if (refuseCode(refusal, error, () => applyApiError(error, form, ['code']), { resendOffered: countdown.seconds === 0 })) {
          forgetSentCode(purpose, { spent: true });
          setSpent(true);
        }
      }
    },
    (refused) => refusal.refuse(refused),
  );

  const onResend = async () => {
    clearErrors('root');
    setResending(true);
    try {
      const { data } = await resend(phone);
      countdown.start(data.codeReceived);
      rememberSentCode(purpose, data.codeReceived);
      // A new code: the one typed for the old code goes, with its error and what was said of it.
      setValue('code', '');
      clearErrors();
      refusal.refuse({});
      setSpent(false);
      setFocus('code');
    } catch (error) {
      applyApiError(error, form, [], SMS_SEND_ERROR_MESSAGE);
    } finally {
      setResending(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <p className="auth-form__lead">
        Код отправлен на номер <strong className="ui-phone">{formatPhone(phone)}</strong>
      </p>
      <FormAlert message={errors.root?.server?.message} />
      <CodeInput error={errors.code?.message} {...register('code')} />
      <FieldRefusalStatus said={refusal.said} />
      <ResendCode seconds={countdown.seconds} onResend={() => void onResend()} pending={resending} spent={spent} />
      <Button type="submit" className="auth-form__submit" loading={isSubmitting}>
        Подтвердить
      </Button>
      <Button variant="ghost" className="auth-form__secondary" onClick={onChangePhone}>
        Изменить номер
      </Button>
    </form>
  );
}
