import { useId, type ReactNode } from 'react';

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
export function describedByOf(id: string, hint: unknown, error: unknown, own?: string): string | undefined {
  return [own, hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
}

export interface FieldMessagesProps {
  /** The base of the message ids (`${id}-hint`, `${id}-error`). */
  id: string;
  hint?: ReactNode;
  error?: string | undefined;
  hintClassName?: string;
}

/** The hint and the error under a control. */
export function FieldMessages({ id, hint, error, hintClassName = 'ui-field__hint' }: FieldMessagesProps) {
  return (
    <>
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
  className?: string | undefined;
  children: ReactNode;
}

/** A control with its label above and its messages below; an error marks the whole field invalid. */
export function Field({ id, label, hint, error, className, children }: FieldProps) {
  const classes = ['ui-field', error && 'ui-field--invalid', className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label htmlFor={id} className="ui-field__label">
        {label}
      </label>
      {children}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
