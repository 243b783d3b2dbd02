import { useState } from 'react';
import { Link, type To } from 'react-router-dom';
import { bodySchemaOf, registerCodeCheck, registerCodeReceive } from 'shared';
import { checkRegisterCode } from '../api/check-register-code';
import { sendRegisterCode } from '../api/send-register-code';
import { clearFlow, useFlowState } from '../flow-storage';
import { CodeStep } from '../steps/code-step';
import { PhoneStep } from '../steps/phone-step';
import { StepCount } from '../steps/step-count';
import { RegisterDetailsForm } from './register-details-form';

type Step = 'phone' | 'code' | 'details';
const RESUMABLE: readonly Step[] = ['code', 'details'];
const STEP_NUMBER: Record<Step, number> = { phone: 1, code: 2, details: 3 };
const phoneSchema = bodySchemaOf(registerCodeReceive);
const codeSchema = bodySchemaOf(registerCodeCheck);

export interface RegisterFlowProps {
  /** The phone typed in the dialog left for this one (canonical): the phone step starts with it. */
  phone?: string | undefined;
  loginHref: To;
  onRegistered: () => void;
}

/** Spec §2, §4: phone → SMS code → name and password; then logged in and sent to /lk/profile. */
export function RegisterFlow({ phone: carriedPhone, loginHref, onRegistered }: RegisterFlowProps) {
  const [{ step, phone, code: sentCode }, setFlow] = useFlowState<Step>('register', 'phone', RESUMABLE);
  // Why the flow came back to the phone from its last step (the confirmation lapsed meanwhile).
  const [lapsed, setLapsed] = useState<string>();

  return (
    <>
      <StepCount step={STEP_NUMBER[step]} of={3} />
      {step === 'phone' && (
        <PhoneStep
          kind="register"
          schema={phoneSchema}
          defaultPhone={phone}
          carriedPhone={carriedPhone}
          send={sendRegisterCode}
          onSent={(sent, code) => {
            setLapsed(undefined);
            // Back to the code sent before (same number): it is the one still waited for.
            setFlow({ step: 'code', phone: sent, code: code ?? (sent === phone ? sentCode : undefined) });
          }}
          submitLabel="Получить код"
          lapsed={lapsed}
        >
          {(carry) => (
            <p className="auth-form__switch">
              Уже есть аккаунт?{' '}
              <Link to={loginHref} state={carry}>
                Войти
              </Link>
            </p>
          )}
        </PhoneStep>
      )}
      {step === 'code' && (
        <CodeStep
          kind="register"
          schema={codeSchema}
          phone={phone}
          check={checkRegisterCode}
          resend={sendRegisterCode}
          sent={sentCode}
          onResent={(code) => setFlow({ step: 'code', phone, code })}
          onVerified={() => setFlow({ step: 'details', phone, code: sentCode })}
          onChangePhone={() => setFlow({ step: 'phone', phone, code: sentCode })}
        />
      )}
      {step === 'details' && (
        <RegisterDetailsForm
          phone={phone}
          onRegistered={() => {
            clearFlow('register');
            onRegistered();
          }}
          onLapsed={(message) => {
            setLapsed(message);
            setFlow({ step: 'phone', phone });
          }}
        />
      )}
    </>
  );
}
