import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  applyApiError,
  Button,
  clearFormFailure,
  CodeInput,
  FieldRefusalStatus,
  forgetSentCode,
  FormAlert,
  formatPhone,
  refuseCode,
  rememberSentCode,
  ResendCode,
  sentEarlier,
  sentNow,
  SERVER_ERROR_FIELD,
  SMS_SEND_ERROR_MESSAGE,
  useFieldRefusal,
  useSmsCountdown,
  wasCodeSpent,
  type registerCodeCheck,
  type SentCode,
} from 'shared';
import { flowCodePurpose, type FlowCode, type FlowKind } from '../flow-storage';
import { useLapsedAlert } from './lapsed';

/** The code's ten minutes are over (by this browser's clock): said before the server has to refuse it. */
export const CODE_EXPIRED_MESSAGE = 'Срок действия кода истёк. Запросите новый код';
/** Back at a code refused for good here before (a reload, the dialog opened again). */
export const CODE_SPENT_MESSAGE = 'Этот код больше не действует. Запросите новый код';

const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface CodeStepProps {
  kind: FlowKind;
  /** The body schema of the call that checks the code (`{ phone, code }`). */
  schema: NonNullable<(typeof registerCodeCheck)['body']>;
  phone: string;
  check: (phone: string, code: string) => Promise<unknown>;
  resend: (phone: string) => Promise<{ data: { codeReceived: number } }>;
  onVerified: (code: string) => void;
  onChangePhone: () => void;
  /** The code waited for, when known (not after a reload of a flow kept before it was noted). */
  sent?: FlowCode | undefined;
  /** A new code was sent (or one found sent from elsewhere): the flow keeps it for a reload. */
  onResent: (code: SentCode) => void;
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
 * empties the field and takes its error. Meanwhile nothing offers to send that code again: no
 * «Подтвердить», the field is read-only, and Enter in it says again why. The code's ten minutes
 * ending on the step (or while away) spend it the same way, before the server has to refuse it.
 */
export function CodeStep({ kind, schema, phone, check, resend, onVerified, onChangePhone, lapsed, sent, onResent }: CodeStepProps) {
  const countdown = useSmsCountdown();
  const [resending, setResending] = useState(false);
  const purpose = flowCodePurpose(kind, phone);
  const [expiredAtStart] = useState(() => lapsed === undefined && sent !== undefined && nowSeconds() >= sent.expires);
  /** The code sent can no longer be used (tries spent, expired, lapsed; before a reload too): only a new one leads on. */
  const [spent, setSpent] = useState(() => lapsed !== undefined || expiredAtStart || wasCodeSpent(purpose));
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { phone, code: '' } });
  const { register, handleSubmit, setFocus, setValue, setError, clearErrors, formState } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => setFocus('code'), [setFocus]);
  // Why the step waits for a new code as it opens: the flow's reason, else the code's own.
  useLapsedAlert(form, lapsed ?? (expiredAtStart ? CODE_EXPIRED_MESSAGE : spent ? CODE_SPENT_MESSAGE : undefined));

  // A refused code focuses the field, whose message the focus reads; sent with Enter from the
  // field, the focus is there already: then the message is said as a status.
  const refusal = useFieldRefusal();

  // The code's ten minutes end on the step: it is spent, said as an alert (the focus may be
  // anywhere), and «Отправить код повторно» takes the focus (ResendCode).
  const expires = sent?.expires;
  useEffect(() => {
    if (spent || expires === undefined) return undefined;
    const timer = setTimeout(
      () => {
        forgetSentCode(purpose, { spent: true });
        refusal.refuse({});
        clearErrors('code');
        setError(SERVER_ERROR_FIELD, { type: 'server', message: CODE_EXPIRED_MESSAGE });
        setSpent(true);
      },
      Math.max(0, expires * 1000 - Date.now()),
    );
    return () => clearTimeout(timer);
    // `refusal.refuse` and the form's methods are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spent, expires, purpose]);

  const checkCode = handleSubmit(
    async ({ code }) => {
      try {
        await check(phone, code);
        forgetSentCode(purpose);
        // The step on says it: a wrong code's toast before is over.
        clearFormFailure();
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
  // A spent code is not sent again (Enter in its read-only field): why is said again instead.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!spent) return checkCode(event);
    event.preventDefault();
    refusal.refuse({ code: errors.code?.message ?? errors.root?.server?.message ?? CODE_SPENT_MESSAGE });
  };

  /** A new code to enter: the one typed for the old code goes, with its error and what was said of it. */
  const codeArrived = (code: SentCode) => {
    clearFormFailure();
    countdown.start(code.codeReceived);
    rememberSentCode(purpose, code.codeReceived);
    onResent(code);
    setValue('code', '');
    clearErrors();
    refusal.refuse({});
    setSpent(false);
    setFocus('code');
  };

  const onResend = async () => {
    clearErrors('root');
    setResending(true);
    try {
      const { data } = await resend(phone);
      codeArrived(sentNow(data.codeReceived));
    } catch (error) {
      // The button is offered once this tab's wait is over: «too soon» means a newer code was sent
      // from another device or tab since, and that one is the code to enter.
      const earlier = sentEarlier(error);
      if (earlier) codeArrived(earlier);
      else applyApiError(error, form, [], SMS_SEND_ERROR_MESSAGE);
    } finally {
      setResending(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <p className="auth-form__lead">
        {sent?.earlier && !spent ? 'Код уже отправлен на номер ' : 'Код отправлен на номер '}
        <strong className="ui-phone">{formatPhone(phone)}</strong>
      </p>
      <FormAlert message={errors.root?.server?.message} pending={isSubmitting} />
      <CodeInput error={errors.code?.message} readOnly={spent} {...register('code')} />
      <FieldRefusalStatus said={refusal.said} />
      <ResendCode seconds={countdown.seconds} onResend={() => void onResend()} pending={resending} spent={spent} earlier={sent?.earlier} />
      {!spent && (
        <Button type="submit" className="auth-form__submit" loading={isSubmitting}>
          Подтвердить
        </Button>
      )}
      <Button variant="ghost" className="auth-form__secondary" onClick={onChangePhone}>
        Изменить номер
      </Button>
    </form>
  );
}
