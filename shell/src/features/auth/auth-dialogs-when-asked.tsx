import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { bus, getCurrentUserQueryOptions, hasSession, useSessionStore, zodReady } from 'shared';
import { afterLogin, AUTH_PARAM, isAuthMode } from './auth-params';

// The dialogs (forms, validation) load only when a URL asks for one: `?auth=login|register|recovery`.
// Loaded into state rather than React.lazy: a lazy component would suspend the router's
// navigation transition that opened it.
// Their forms parse as they render: zod comes with them (shared/src/zod/on-demand.ts).
const loadAuthDialogs = () =>
  Promise.all([import(/* webpackChunkName: "auth-dialogs" */ './auth-dialogs'), zodReady()]).then(([m]) => m.AuthDialogs);

/**
 * The login, registration and recovery dialogs when the URL asks for one. A visitor who is
 * logged in already (an old link, a bookmark, «Назад» to a dialog's address) is not asked to log
 * in again: the address goes on where the dialog would have gone, as after a login. That is read
 * as the dialog is asked for, so a session the dialog itself starts goes on its own way (a new
 * account to its profile page). The session the cookies name is asked for its user first: one
 * revoked elsewhere ends there (`auth:expired`), and the dialog opens, the link's address kept
 * (QA FFF-4, III-5).
 */
export function AuthDialogsWhenAsked() {
  const [params] = useSearchParams();
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const asked = isAuthMode(params.get(AUTH_PARAM));
  const [Dialogs, setDialogs] = useState<ComponentType | null>(null);
  // Adjusted while rendering when `asked` changes (React's pattern for state derived from a change).
  const [askedBefore, setAskedBefore] = useState(false);
  const [loggedInAlready, setLoggedInAlready] = useState(false);
  // The session those cookies name has answered (with its user, or a failure that is not its end).
  const [answered, setAnswered] = useState(false);
  if (asked !== askedBefore) {
    setAskedBefore(asked);
    setLoggedInAlready(asked && hasSession());
    setAnswered(false);
  }
  const user = useSessionStore((state) => state.user);
  const checking = asked && loggedInAlready && user === null && !answered;
  const skip = asked && loggedInAlready && (user !== null || answered);
  const onAnswer = useCallback(() => setAnswered(true), []);

  useEffect(() => bus.on('auth:expired', () => setLoggedInAlready(false)), []);

  useEffect(() => {
    if (skip) void navigate(afterLogin(pathname, params, hash), { replace: true });
  }, [skip, navigate, pathname, params, hash]);

  useEffect(() => {
    if (!asked || skip || Dialogs) return;
    let live = true;
    loadAuthDialogs().then(
      (component) => live && setDialogs(() => component),
      () => bus.emit('toast:show', { type: 'error', message: 'Не удалось загрузить форму входа. Обновите страницу' }),
    );
    return () => {
      live = false;
    };
  }, [asked, skip, Dialogs]);
  if (checking) return <SessionAnswered onAnswer={onAnswer} />;
  return asked && !skip && Dialogs ? <Dialogs /> : null;
}

/**
 * Asks the session the cookies name for its user, and tells when it has answered. A server that
 * cannot be asked leaves the session as the cookies say: the address goes on as before. Rendered
 * only while a link is to be skipped, so the layout needs no query client otherwise.
 */
function SessionAnswered({ onAnswer }: { onAnswer: () => void }) {
  const checked = useQuery(getCurrentUserQueryOptions());
  const answered = checked.isSuccess || checked.isError;
  useEffect(() => {
    if (answered) onAnswer();
  }, [answered, onAnswer]);
  return null;
}

/** What a browser running no scripts shows where the dialog would open: the server renders it. */
export const AUTH_WITHOUT_SCRIPTS = 'Чтобы войти или зарегистрироваться, включите в браузере JavaScript.';

/**
 * Above a server-rendered page asked with `?auth=…`, for a browser that runs no scripts: the
 * dialog is the scripts' own, and «Войти» had reloaded the page with nothing new on it.
 */
export function AuthWithoutScripts() {
  const [params] = useSearchParams();
  if (!isAuthMode(params.get(AUTH_PARAM))) return null;
  return (
    <noscript>
      <p className="app-asked-notice" role="alert">
        {AUTH_WITHOUT_SCRIPTS}
      </p>
    </noscript>
  );
}
