import { useId, type TextareaHTMLAttributes } from 'react';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
}

/** The multi-line twin of shared's TextField: label, hint and error linked to the field. */
export function TextAreaField({ label, error, hint, id, rows = 4, ...rest }: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? `area${autoId}`;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  return (
    <div className={error ? 'ui-field ui-field--invalid' : 'ui-field'}>
      <label htmlFor={fieldId} className="ui-field__label">
        {label}
      </label>
      <textarea
        {...rest}
        id={fieldId}
        rows={rows}
        className="ui-field__input detail-textarea"
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
