import { useId, type TextareaHTMLAttributes, type Ref } from 'react';

export interface DescriptionFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea with the look and the error wiring of shared's TextField. */
export function DescriptionField({ label, error, hint, ref, ...rest }: DescriptionFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={error ? 'ui-field ui-field--invalid' : 'ui-field'}>
      <label htmlFor={id} className="ui-field__label">
        {label}
      </label>
      <textarea
        {...rest}
        ref={ref}
        id={id}
        className="ui-field__input app-form__textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      />
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
