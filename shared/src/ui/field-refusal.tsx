import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { apiFieldErrors, type FormErrorTarget } from './form-error';
import { isSpentCodeError } from './resend-code';

/** The messages of the refused fields by their `name`: plain, or react-hook-form's `errors` ({ message }). */
export type RefusedFields = Readonly<Partial<Record<string, string | { message?: string | undefined } | undefined>>>;

/** What the status line says; `count` makes a repeated message new words, said again. */
export interface FieldRefusalSaid {
  message: string;
  count: number;
}

export interface FieldRefusal {
  /**
   * Call at the moment of the refusal, before anything moves the focus: react-hook-form's
   * handleSubmit `onInvalid` (it focuses the first invalid field after it), before a
   * `setError(…, { shouldFocus: true })` or an own `.focus()`. When the first refused field (in its
   * form's order, which takes the focus) has the focus already, nothing would be heard: its
   * message is said by the status line. Otherwise the status is emptied, as the focus coming to
   * the field reads the message.
   */
  refuse(fields: RefusedFields): void;
  /**
   * A refusal that moves no focus (an autosave's, while the visitor types on): the focused field's
   * message is said if it is among them; nothing else changes.
   */
  refuseInPlace(fields: RefusedFields): void;
  said: FieldRefusalSaid;
}

const messageOf = (value: RefusedFields[string]) => (typeof value === 'string' ? value : value?.message) || undefined;

type NamedControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const isControl = (element: Element | null): element is NamedControl =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/**
 * The attribute of a field that knows better than its form what is wrong with its text, and shows
 * that instead of the form's message (DateInput: «Введите дату полностью» where the form's schema
 * sees no date, «Укажите срок»): its refusal is said in the words shown.
 */
export const FIELD_OWN_REFUSAL = 'data-own-refusal';

/** The message of the focused field, when its refusal leaves the focus on it; else nothing. */
function messageKeepingFocus(fields: RefusedFields): { control: NamedControl; message: string } | undefined {
  const active = document.activeElement;
  if (!isControl(active) || !active.name) return undefined;
  const refused = messageOf(fields[active.name]);
  if (!refused) return undefined;
  const message = active.getAttribute(FIELD_OWN_REFUSAL) || refused;
  // An earlier refused field takes the focus from it, and is read as it arrives there. Not so
  // within one radio group: the focus going from its last choice (Shift+Tab lands there) to its
  // first stays in the group, whose description a screen reader does not read again.
  const first = active.form ? Array.from(active.form.elements).find((element) => isControl(element) && messageOf(fields[element.name])) : active;
  return first === active || (first !== undefined && isControl(first) && sameRadioGroup(first, active)) ? { control: active, message } : undefined;
}

/** Two radios of one group: a change of either is a change of the group's value. */
const sameRadioGroup = (a: NamedControl, b: NamedControl) =>
  a instanceof HTMLInputElement && b instanceof HTMLInputElement && a.type === 'radio' && b.type === 'radio' && a.name === b.name && a.form === b.form;

/**
 * Words for a status line (`<FieldRefusalStatus said={said} />`, rendered from the start) that are
 * not a refusal: what a control did while the focus stays on it (files added, a point taken). Each
 * `say` is said, the same words as the last time too; `say('')` empties the line.
 */
export function useSaidStatus(): [FieldRefusalSaid, (message: string) => void] {
  const [said, setSaid] = useState<FieldRefusalSaid>({ message: '', count: 0 });
  const say = useCallback((message: string) => setSaid((last) => ({ message, count: last.count + 1 })), []);
  return [said, say];
}

/**
 * A field's error set while the field has the focus already (Enter in it, or a refusal from the
 * server after it) only joins its aria-describedby, which a screen reader reads when the focus
 * arrives: it would never be heard. This says it once, in a status line rendered beforehand
 * (`<FieldRefusalStatus said={refusal.said} />` in the form). Any change of that field takes it back.
 */
export function useFieldRefusal(): FieldRefusal {
  const [said, say] = useSaidStatus();
  const stopListening = useRef<() => void>(undefined);

  const refuse = useCallback((fields: RefusedFields) => {
    stopListening.current?.();
    stopListening.current = undefined;
    const kept = messageKeepingFocus(fields);
    say(kept?.message ?? '');
    if (!kept) return;
    // What was said of the value is stale once it changes. Heard at the document, after React
    // (at its root) has heard the change: a render asked for before that — and a browser renders
    // between two listeners of the event — would put a controlled field back to the value refused,
    // and the first key after a refusal would do nothing.
    const { control } = kept;
    const doc = control.ownerDocument;
    const forget = (event: Event) => {
      const { target } = event;
      if (target !== control && !(target instanceof Element && isControl(target) && sameRadioGroup(target, control))) return;
      stopListening.current?.();
      stopListening.current = undefined;
      // Heard only while the refusal is said: `refuse` stops it before it says anything else.
      say('');
    };
    doc.addEventListener('input', forget);
    stopListening.current = () => doc.removeEventListener('input', forget);
  }, [say]);

  const refuseInPlace = useCallback(
    (fields: RefusedFields) => {
      const active = document.activeElement;
      if (isControl(active) && active.name && messageOf(fields[active.name])) refuse({ [active.name]: fields[active.name] });
    },
    [refuse],
  );

  useEffect(() => () => stopListening.current?.(), []);

  return { refuse, refuseInPlace, said };
}

/** The status line of `useFieldRefusal` (or `useSaidStatus`): visually hidden, present (empty) before anything is said. */
export function FieldRefusalStatus({ said }: { said: FieldRefusalSaid }) {
  return (
    <p role="status" className="ui-visually-hidden">
      {said.message && <span key={said.count}>{said.message}</span>}
    </p>
  );
}

/**
 * The part of react-hook-form's form (`useForm()`) that `useFormRefusal` wraps; kept loose, so that
 * `shared` does not depend on it: each keeps its own type.
 */
export interface RefusableForm {
  handleSubmit: (...args: never[]) => unknown;
  setError: (...args: never[]) => void;
}

/** What the wrapped ones are called with (the shapes react-hook-form gives them). */
type SubmitHandler = (onValid: unknown, onInvalid?: (errors: RefusedFields, event?: unknown) => unknown) => unknown;
type SetError = (name: string, error: { message?: string | undefined }, options?: { shouldFocus?: boolean }) => void;

export interface FormRefusal<F extends RefusableForm> extends FieldRefusal, FormErrorTarget {
  /**
   * The form's `handleSubmit`: its refusal (`onInvalid`, its own one called after) is said as a
   * status when the first invalid field, which it focuses, has the focus already (Enter in it).
   */
  handleSubmit: F['handleSubmit'];
  /**
   * The form's `setError`: a field's error that focuses it (`shouldFocus`, the first of
   * `applyApiError` / `applyFieldErrors`) is said as a status when the field has the focus already.
   * Give the refusal instead of the form to those (`applyApiError(error, refusal, FIELDS)`).
   */
  setError: F['setError'];
  /** The status line, rendered in the form from the start (`FieldRefusalStatus`). */
  status: ReactElement;
}

/**
 * `useFieldRefusal` for a react-hook-form form, in two lines: `refusal.handleSubmit(…)` instead of
 * the form's, the refusal instead of the form to `applyApiError` (and to a `setError(…, {
 * shouldFocus: true })`), and `{refusal.status}` in the form. Every refusal that leaves the focus on
 * its field, the form's own check's or the server's, is then heard.
 */
export function useFormRefusal<F extends RefusableForm>(form: F): FormRefusal<F> {
  const refusal = useFieldRefusal();
  const { refuse } = refusal;
  const { handleSubmit, setError } = form as unknown as { handleSubmit: SubmitHandler; setError: SetError };
  const refusingSetError = useCallback<SetError>(
    (name, error, options) => {
      // Before react-hook-form moves the focus to the field (synchronously, in its setError).
      if (options?.shouldFocus) refuse({ [name]: error.message });
      setError(name, error, options);
    },
    [refuse, setError],
  );
  const refusingSubmit: SubmitHandler = (onValid, onInvalid) =>
    handleSubmit(onValid, (errors, event) => {
      // react-hook-form focuses the first invalid field after its onInvalid.
      refuse(errors);
      return onInvalid?.(errors, event);
    });
  return {
    ...refusal,
    handleSubmit: refusingSubmit as F['handleSubmit'],
    setError: refusingSetError as F['setError'],
    status: <FieldRefusalStatus said={refusal.said} />,
  };
}

/**
 * An SMS code's refusal in a form with `ResendCode` (the shell's code step, the cabinet's phone
 * change): `show` puts the server's words on the field (and focuses it), and `refusal` makes them
 * heard. Answers whether the code is spent (only a new one leads on: `ResendCode`'s `spent`).
 * Spent when a new code may be asked for at once (`resendOffered`), the resend button takes the
 * focus as it renders, so the focus arriving at the field would not read the message: it is said
 * as a status, refused once the field has the focus.
 */
export function refuseCode(refusal: FieldRefusal, error: unknown, show: () => void, { resendOffered }: { resendOffered: boolean }): boolean {
  const refused = apiFieldErrors(error, ['code']);
  const spent = isSpentCodeError(error);
  const focusMovesOn = spent && resendOffered;
  if (!focusMovesOn) refusal.refuse(refused);
  show();
  if (focusMovesOn) refusal.refuse(refused);
  return spent;
}
