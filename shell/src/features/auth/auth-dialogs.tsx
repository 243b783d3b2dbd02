import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Dialog, fromStateOf, PROFILE_PATH, withRedirect } from 'shared';
import { afterLogin, AUTH_PARAM, AUTH_TITLES, authSearch, carriedPhone, carryPhone, isAuthMode, pageWithoutAuth, redirectOf } from './auth-params';
import { clearFlow } from './flow-storage';
import { LoginForm } from './login/login-form';
import { RecoveryFlow } from './recovery/recovery-flow';
import { RegisterFlow } from './register/register-flow';
import './auth.css';

/** Spec §2: registration ends in the profile. */
export const AFTER_REGISTRATION_PATH = PROFILE_PATH;

const DESCRIPTIONS = {
  login: undefined,
  register: undefined,
  recovery: 'Пришлём код в СМС, чтобы задать новый пароль.',
} as const;

/**
 * The shell's login, registration and recovery dialogs, opened by `?auth=login|register|recovery`
 * on any page (a guard adds `redirect=`). Switching between them keeps `redirect`, and the phone
 * typed carries over (`AuthCarry`).
 */
export function AuthDialogs() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const mode = params.get(AUTH_PARAM);
  if (!isAuthMode(mode)) return null;

  const redirect = redirectOf(params);
  // The page's #hash (`#replies`) stays through the dialogs and comes back when they close.
  const here = pageWithoutAuth(location.pathname, params, location.hash);
  const next = afterLogin(location.pathname, params, location.hash);
  const hrefFor = (target: typeof mode) => ({ pathname: location.pathname, search: authSearch(params, target), hash: location.hash });
  // The phone typed in the dialog left for this one, or the one just recovered (`AuthCarry`).
  const phone = carriedPhone(location.state);
  // The list the page was opened from stays its «Назад» when the dialogs close, or log in, over it (QA XXX-1).
  const kept = fromStateOf(location.state);

  const close = () => {
    clearFlow('register');
    clearFlow('recovery');
    void navigate(here, { replace: true, state: kept });
  };

  return (
    <Dialog title={AUTH_TITLES[mode]} description={DESCRIPTIONS[mode]} onClose={close}>
      {mode === 'login' && (
        <LoginForm
          phone={phone}
          registerHref={hrefFor('register')}
          recoveryHref={hrefFor('recovery')}
          onLoggedIn={() => void navigate(next, { replace: true, state: kept })}
        />
      )}
      {mode === 'register' && (
        <RegisterFlow
          phone={phone}
          loginHref={hrefFor('login')}
          // The profile page goes on to where the guest was going once a profile is chosen.
          onRegistered={() => void navigate(redirect ? withRedirect(AFTER_REGISTRATION_PATH, redirect) : AFTER_REGISTRATION_PATH, { replace: true })}
        />
      )}
      {mode === 'recovery' && (
        <RecoveryFlow
          phone={phone}
          loginHref={hrefFor('login')}
          onRecovered={(recovered) => void navigate(hrefFor('login'), { replace: true, state: { ...kept, ...carryPhone(recovered) } })}
        />
      )}
    </Dialog>
  );
}
