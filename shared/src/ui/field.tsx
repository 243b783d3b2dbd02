import { useId, useRef, useState, type ChangeEvent, type ClipboardEvent, type ReactNode } from 'react';

/*
 * The parts every labelled control shares (TextField, TextAreaField, Combobox): the hint and
 * error ids, the aria-describedby that links them, and their markup. Internal to the UI kit.
 */

/** The control's id: the caller's, else a generated one. */
export function useFieldId(id: string | undefined): string {
  const autoId = useId();
  return id ?? `field${autoId}`;
}

/** aria-describedby for a control whose messages are rendered by FieldMessages with the same `id`. */
export function describedByOf(id: string, hint: unknown, error: unknown, own?: string, notice?: unknown): string | undefined {
  return [own, notice ? `${id}-notice` : undefined, hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
}

export interface FieldMessagesProps {
  /** The base of the message ids (`${id}-hint`, `${id}-error`). */
  id: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** What a paste the field's length cut lost (`usePasteCut`). */
  notice?: string | null | undefined;
  hintClassName?: string;
}

/** Said under a field whose paste its length cut: the browser drops the rest without a word. */
export const pasteCutMessage = (maxLength: number) => `Вставлено не всё: поле вмещает не больше ${maxLength} символов`;

type Typed = HTMLInputElement | HTMLTextAreaElement;

/**
 * Whether the last paste into a field with `maxLength` was cut by it: the notice stays until the
 * next change that is not that paste's own. Wraps the control's own `onPaste` and `onChange`
 * (react-hook-form's `register` gives the latter).
 */
export function usePasteCut<E extends Typed>(maxLength: number | undefined, own: { onPaste?: ((event: ClipboardEvent<E>) => void) | undefined; onChange?: ((event: ChangeEvent<E>) => void) | undefined }) {
  const [cut, setCut] = useState(false);
  const pasting = useRef(false);
  const onPaste = (event: ClipboardEvent<E>) => {
    own.onPaste?.(event);
    if (maxLength === undefined || maxLength < 0) return;
    const field = event.currentTarget;
    const replaced = (field.selectionEnd ?? 0) - (field.selectionStart ?? 0);
    const over = field.value.length - replaced + event.clipboardData.getData('text').length > maxLength;
    pasting.current = over;
    setCut(over);
  };
  const onChange = (event: ChangeEvent<E>) => {
    own.onChange?.(event);
    if (pasting.current) pasting.current = false;
    else if (cut) setCut(false);
  };
  return { notice: cut && maxLength !== undefined ? pasteCutMessage(maxLength) : null, onPaste, onChange };
}

/** The hint and the error under a control. */
export function FieldMessages({ id, hint, error, notice, hintClassName = 'ui-field__hint' }: FieldMessagesProps) {
  return (
    <>
      {notice && (
        // An alert, as it comes: the rest of what the user pasted is lost, and he may not be looking.
        <p id={`${id}-notice`} className="ui-field__hint" role="alert">
          {notice}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className={hintClassName}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="ui-field__error">
          {error}
        </p>
      )}
    </>
  );
}

export interface FieldProps {
  /** The control's id, which the label points at. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  notice?: string | null | undefined;
  className?: string | undefined;
  children: ReactNode;
}

/** A control with its label above and its messages below; an error marks the whole field invalid. */
export function Field({ id, label, hint, error, notice, className, children }: FieldProps) {
  const classes = ['ui-field', error && 'ui-field--invalid', className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label htmlFor={id} className="ui-field__label">
        {label}
      </label>
      {children}
      <FieldMessages id={id} hint={hint} error={error} notice={notice} />
    </div>
  );
}
