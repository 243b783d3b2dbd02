import { useState } from 'react';
import { saysUnreached, useConnectionBack } from './use-connection-back';

export interface FormAlertProps {
  message?: string | undefined;
  /**
   * The form's request is under way (its submit button's `loading`). A message cleared as it starts
   * (react-hook-form's handleSubmit drops `errors.root`, a mutation its error) stays shown until the
   * new result is known: the alert's going would move the pressed button, and a second click of a
   * double-click would land on whatever took its place.
   */
  pending?: boolean;
}

/**
 * The form's own error (the server's message): announced at once, placed above the fields (or
 * above the buttons). Each time the message comes back it is a new alert, read again though its
 * words are those held through the retry. The failure's error toast (`toastFormFailure`) shows the
 * same words silently: this alert, by the form and in its dialog, is the one that says them.
 */
export function FormAlert({ message, pending = false }: FormAlertProps) {
  const [given, setGiven] = useState(message);
  const [held, setHeld] = useState(message);
  /** How many times a message has been given: a new one is a new alert element, announced. */
  const [round, setRound] = useState(0);
  // Adjusted while rendering, so that no render shows the alert gone between the two.
  if (message !== given) {
    setGiven(message);
    if (message) {
      setHeld(message);
      setRound(round + 1);
    }
  }
  if (!message && !pending && held) setHeld(undefined);
  // «Сервер недоступен» said in a dialog is gone once the connection is back (the socket reconnected,
  // the browser online again), not left there until the next press (QA RR-3). A new failure is a new round.
  const [reconnectedIn, setReconnectedIn] = useState<number | null>(null);
  useConnectionBack(saysUnreached(message || (pending ? held : undefined)), () => setReconnectedIn(round));
  const shown = reconnectedIn === round ? undefined : message || (pending ? held : undefined);
  if (!shown) return null;
  return (
    <div key={round} className="ui-form-alert" role="alert">
      {shown}
    </div>
  );
}
