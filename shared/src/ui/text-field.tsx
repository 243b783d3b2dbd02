import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { describedByOf, Field, useFieldId, usePasteCut } from './field';

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
  const inputId = useFieldId(id);
  const paste = usePasteCut<HTMLInputElement>(rest.maxLength, rest);
  return (
    <Field id={inputId} label={label} hint={hint} error={error} notice={paste.notice} className={className}>
      <div className="ui-field__control">
        <input
          {...rest}
          ref={ref}
          id={inputId}
          className="ui-field__input"
          onPaste={paste.onPaste}
          onChange={paste.onChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(inputId, hint, error, rest['aria-describedby'], paste.notice)}
        />
        {addon}
      </div>
    </Field>
  );
}
