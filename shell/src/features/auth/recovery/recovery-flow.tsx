import { useState } from 'react';
import { Link, type To } from 'react-router-dom';
import { bodySchemaOf, passwordRecovery, passwordRecoverySendSms } from 'shared';
import { checkRecoveryCode } from '../api/check-recovery-code';
import { sendRecoveryCode } from '../api/send-recovery-code';
import { clearFlow, useFlowState } from '../flow-storage';
import { CodeStep } from '../steps/code-step';
import { PhoneStep } from '../steps/phone-step';
import { StepCount } from '../steps/step-count';
import { RecoveryPasswordForm } from './recovery-password-form';

type Step = 'phone' | 'code' | 'password';
// The accepted code lives only in memory: after a reload the flow resumes at the code step.
const RESUMABLE: readonly Step[] = ['code'];
const STEP_NUMBER: Record<Step, number> = { phone: 1, code: 2, password: 3 };
const phoneSchema = bodySchemaOf(passwordRecoverySendSms);
const codeSchema = bodySchemaOf(passwordRecovery);

export interface RecoveryFlowProps {
  /** The phone typed in the dialog left for this one (canonical): the phone step starts with it. */
  phone?: string | undefined;
  loginHref: To;
  /** The password is changed: back to the login dialog with the phone. */
  onRecovered: (phone: string) => void;
}

/** phone → SMS code → new password twice (ARCHITECTURE §3 "Bodies"). */
export function RecoveryFlow({ phone: carriedPhone, loginHref, onRecovered }: RecoveryFlowProps) {
  const [{ step, phone, code: sentCode }, setFlow] = useFlowState<Step>('recovery', 'phone', RESUMABLE);
  const [code, setCode] = useState<string | null>(null);
  // Why the flow came back to the code from the new password (the code lapsed meanwhile).
  const [lapsed, setLapsed] = useState<string>();
  const current: Step = step === 'password' && !code ? 'code' : step;

  return (
    <>
      <StepCount step={STEP_NUMBER[current]} of={3} />
      {current === 'phone' && (
        <PhoneStep
          kind="recovery"
          schema={phoneSchema}
          defaultPhone={phone}
          carriedPhone={carriedPhone}
          send={sendRecoveryCode}
          onSent={(sent, code) => {
            setLapsed(undefined);
            // Back to the code sent before (same number): it is the one still waited for.
            setFlow({ step: 'code', phone: sent, code: code ?? (sent === phone ? sentCode : undefined) });
          }}
          submitLabel="Получить код"
        >
          {(carry) => (
            <p className="auth-form__switch">
              Вспомнили пароль?{' '}
              <Link to={loginHref} state={carry}>
                Войти
              </Link>
            </p>
          )}
        </PhoneStep>
      )}
      {current === 'code' && (
        <CodeStep
          kind="recovery"
          schema={codeSchema}
          phone={phone}
          check={checkRecoveryCode}
          resend={sendRecoveryCode}
          sent={sentCode}
          onResent={(code) => setFlow({ step: 'code', phone, code })}
          lapsed={lapsed}
          onVerified={(accepted) => {
            setLapsed(undefined);
            setCode(accepted);
            setFlow({ step: 'password', phone, code: sentCode });
          }}
          onChangePhone={() => {
            setLapsed(undefined);
            setFlow({ step: 'phone', phone, code: sentCode });
          }}
        />
      )}
      {current === 'password' && code && (
        <RecoveryPasswordForm
          phone={phone}
          code={code}
          onChanged={() => {
            clearFlow('recovery');
            onRecovered(phone);
          }}
          onLapsed={(message) => {
            setCode(null);
            setLapsed(message);
            setFlow({ step: 'code', phone, code: sentCode });
          }}
        />
      )}
    </>
  );
}
