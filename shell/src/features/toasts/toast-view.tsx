import { useEffect } from 'react';
import { ToastContainer, toast, type CloseButtonProps, type TypeOptions } from 'react-toastify';
import { CAN_HOVER, focusLost, focusPageStart, keepNumbersTogether, useMediaQuery } from 'shared';
import { attachToastRenderer, autoCloseOf, DEFAULT_AUTO_CLOSE_MS, type ToastPayload } from './toast-bridge';
import './toast-view.css';

export const MAX_TOASTS = 18;

const TOASTS = '.Toastify';

export function showToast(payload: ToastPayload): void {
  const error = payload.type === 'error';
  // Each toast is said once. An error is an alert, said at once as it appears; the others are said
  // by the toasts' region when the screen reader is free (a live region there before them: one that
  // appears with its text is not reliably heard). An alert inside that region was said twice, so
  // the region is silent while an error comes: react-toastify fixes its `aria-live` at «polite» and
  // never renders it again, so the toast about to show sets it. A silent toast is not said at all:
  // its words are said where they stand on the page (a form's alert).
  document.querySelector(TOASTS)?.setAttribute('aria-live', error || payload.silent ? 'off' : 'polite');
  const autoClose = autoCloseOf(payload);
  const message = keepNumbersTogether(payload.message);
  if (!error) {
    // A success is what the form that failed before was after: its failure is over (QA MM-1), and
    // so is an error said before it — «Ответ сервера не получен… Отправьте форму ещё раз» stayed
    // beside «Объект создан» once the form was sent again (QA AAZ-1).
    if (payload.type === 'success') dismissErrors();
    toast(message, { type: payload.type as TypeOptions, autoClose });
    return;
  }
  // An error already on screen is not stacked again (a session's end fails every call in flight,
  // each with «Ошибка авторизации»): react-toastify shows one toast per id at a time.
  const alertId = `error:${payload.message}`;
  if (payload.silent) return showFormFailure(payload.message, message, autoClose, alertId);
  // The same words, to be said now: the announced toast takes the silent one's place.
  if (formFailure?.message === payload.message) dismissFormFailure();
  if (toast.isActive(alertId)) return sayAgain(alertId, message, autoClose);
  said.set(alertId, { at: Date.now(), times: 0 });
  toast(message, { type: 'error', autoClose, toastId: alertId, role: 'alert' });
}

/**
 * A form's failure (a silent toast: the form says it itself): one at a time, whatever its words —
 * a new failure («осталось попыток: 3» after «…: 4») takes the place of the one before, which is
 * stale — and none once it is over (`dismissFormFailure`). A silent toast has an id of its own, not
 * to take the alert's role from an announced one of the same words, nor give it one.
 */
function showFormFailure(words: string, message: string, autoClose: number, alertId: string): void {
  const shown = formFailure && toast.isActive(formFailure.id) ? formFailure : null;
  // Shown and said already: the form's failure before it is stale.
  if (toast.isActive(alertId)) return dismissFormFailure();
  if (shown?.message === words) return sayAgain(shown.id, message, autoClose);
  if (shown) {
    // Other words: in the same toast, timed afresh.
    shown.message = words;
    return sayAgain(shown.id, message, autoClose, false);
  }
  const toastId = `error:form:${++formFailures}`;
  formFailure = { id: toastId, message: words };
  said.set(toastId, { at: Date.now(), times: 0 });
  toast(message, { type: 'error', autoClose, toastId });
}

/**
 * The same failure again, a retry that failed the same way, is news: its toast says it again — its
 * words are a new node in the alert, and what is added to a live region is said — and its time starts
 * again (an update gives the toast a new timer); a silent one is only timed afresh. Calls failing
 * together (a session's end) are said once; `together: false` for words that are not the same.
 */
function sayAgain(toastId: string, message: string, autoClose: number, together = true): void {
  const last = said.get(toastId);
  if (together && last && Date.now() - last.at < SAID_TOGETHER_MS) return;
  const times = (last?.times ?? 0) + 1;
  said.set(toastId, { at: Date.now(), times });
  toast.update(toastId, { render: <span key={times}>{message}</span>, autoClose });
}

/**
 * The form's failure is over: the form succeeded (a success toast, a sign-in), or the page it was on
 * is gone (toast-bridge, use-form-failure-per-page).
 */
export function dismissFormFailure(): void {
  if (!formFailure) return;
  toast.dismiss(formFailure.id);
  said.delete(formFailure.id);
  formFailure = null;
}

/** Every error toast on screen goes: the form's failure and the announced ones. */
function dismissErrors(): void {
  dismissFormFailure();
  for (const toastId of said.keys()) toast.dismiss(toastId);
  said.clear();
}

/** Errors that come within this of each other are one failure, said once. */
export const SAID_TOGETHER_MS = 1000;
/** When each error toast was last said, and how many times again (its words' key). */
const said = new Map<string, { at: number; times: number }>();
/** The form failure's toast on screen (or last shown): its id and words. */
let formFailure: { id: string; message: string } | null = null;
/** Form failures' toasts so far: each new one's id. */
let formFailures = 0;

/**
 * react-toastify's own close button is named «close», in English, with no option to change it; its
 * look is the library's, made larger, darker and focusable in sight (toast-view.css).
 */
function CloseToast({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme} toast-close`}
      aria-label="Закрыть уведомление"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 14" width="14" height="14">
        <path d="M2 2l10 10M12 2L2 12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/**
 * A toast the keyboard is on (Alt+T, then its close button) goes away when it is closed or its time
 * is up, and the browser drops the focus to <body>: it goes back to where it was before the toasts
 * (the page's heading when that control is gone). A focus elsewhere is left alone.
 */
function useFocusBackFromToasts() {
  useEffect(() => {
    const active = document.activeElement;
    let before = active instanceof HTMLElement && active !== document.body ? active : null;
    let inToasts = false;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      inToasts = Boolean(target?.closest(TOASTS));
      if (target && !inToasts) before = target;
    };
    // A toast's element gone from the page with the focus on it.
    const observer = new MutationObserver(() => {
      if (!inToasts || !focusLost()) return;
      inToasts = false;
      if (before?.isConnected) before.focus();
      if (focusLost()) focusPageStart();
    });
    observer.observe(document.querySelector(TOASTS) ?? document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);
}

/**
 * Escape on a toast the keyboard is on (Alt+T) closes it, as its close button does, the focus going
 * back as from that button (useFocusBackFromToasts): Escape closes dialogs, menus and pop-ups
 * everywhere else (QA FFF-5).
 */
function useEscapeClosesToast() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const active = document.activeElement;
      const shown = active?.closest('.Toastify__toast') ?? active?.closest(TOASTS)?.querySelector('.Toastify__toast');
      const close = shown?.querySelector<HTMLButtonElement>('.toast-close');
      if (!close) return;
      event.preventDefault();
      close.click();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

/**
 * Alt+T holds every toast's timer while the keyboard is on them; but react-toastify starts a toast's
 * timer when its entering animation ends, whatever was asked meanwhile: a toast reached by Alt+T as
 * it came (half a second) closed under the focus five seconds later. When a toast has entered and
 * the focus is among the toasts, they are held again (after the library's own listener, on the toast).
 */
function useHoldWhileFocused() {
  useEffect(() => {
    const hold = (event: Event) => {
      const entered = event.target instanceof Element && event.target.classList.contains('Toastify__toast');
      if (entered && document.activeElement?.closest(TOASTS)) toast.pause();
    };
    document.addEventListener('animationend', hold);
    document.addEventListener('animationcancel', hold);
    return () => {
      document.removeEventListener('animationend', hold);
      document.removeEventListener('animationcancel', hold);
    };
  }, []);
}

/**
 * A toast's time is its progress bar's CSS animation: react-toastify closes the toast when the bar's
 * `animationend` comes. A loaded Chromium delivered that event 0.1–2 s into an error toast's 5 s,
 * the bar's own animation still running (and going on to its end): the toast left early. An end
 * that comes while the bar's animation still runs is kept from the library, and given to it when
 * that animation has really run out.
 */
function useTimerEndsWhenRunOut() {
  useEffect(() => {
    const early = (event: Event) => {
      const bar = event.target;
      if (!(bar instanceof HTMLElement) || !bar.classList.contains('Toastify__progress-bar')) return;
      const timer = bar.getAnimations?.().find((animation) => animation.playState !== 'finished');
      if (!timer) return;
      event.stopPropagation();
      timer.finished.then(
        () => bar.isConnected && bar.dispatchEvent(new Event('animationend', { bubbles: true })),
        // Cancelled: the toast went another way (closed, or removed with the page).
        () => undefined,
      );
    };
    // Before React's listener on its root, below the document.
    document.addEventListener('animationend', early, true);
    return () => document.removeEventListener('animationend', early, true);
  }, []);
}

/** react-toastify and its styles: loaded by ToastHost after the page is interactive. */
export default function ToastView() {
  useEffect(() => attachToastRenderer({ show: showToast, dismissFormFailure }), []);
  useFocusBackFromToasts();
  useHoldWhileFocused();
  useEscapeClosesToast();
  useTimerEndsWhenRunOut();
  // A toast waits while the mouse is on it, to be read. A finger's «hover» stays where it last
  // tapped: a toast that came up there (a double tap on «Вывести») would wait for the next tap
  // elsewhere, for minutes. Held by the keyboard (Alt+T) all the same.
  const pauseOnHover = useMediaQuery(CAN_HOVER);
  // react-toastify names its region «Notifications Alt+T»; Alt+T still moves the focus to the newest toast.
  return (
    <ToastContainer
      // Not every toast an alert (react-toastify's default): only an error is (showToast).
      role={undefined}
      position="bottom-right"
      newestOnTop
      limit={MAX_TOASTS}
      autoClose={DEFAULT_AUTO_CLOSE_MS}
      pauseOnHover={pauseOnHover}
      aria-label="Уведомления (Alt+T)"
      closeButton={CloseToast}
      // The timer's bar is named «notification timer» for screen readers, in English; hidden, it
      // still times the toast.
      hideProgressBar
    />
  );
}
