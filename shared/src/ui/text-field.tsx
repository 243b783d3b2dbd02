import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  /** Shown under the field and linked to it with aria-describedby; marks the field invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** A control inside the field after the input (the password toggle). */
  addon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error; works with react-hook-form's `register`. */
export function TextField({ label, error, hint, addon, id, className, ref, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `field${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [rest['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  const classes = ['ui-field', error && 'ui-field--invalid', className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label htmlFor={inputId} className="ui-field__label">
        {label}
      </label>
      <div className="ui-field__control">
        <input
          {...rest}
          ref={ref}
          id={inputId}
          className="ui-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
