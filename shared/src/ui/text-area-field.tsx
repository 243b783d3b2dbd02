import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { describedByOf, Field, useFieldId, usePasteCut } from './field';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  /**
   * Shown under the field and linked to it with aria-describedby; marks the field invalid. (An error
   * the page shows elsewhere, linked through `aria-describedby`, marks it with `aria-invalid`.)
   */
  error?: string | undefined;
  hint?: ReactNode;
  /** Added to the textarea's own class (its height, resizing); `className` goes to the field. */
  textareaClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The multi-line TextField: a labelled textarea with its hint and error; works with `register`. */
export function TextAreaField({ label, error, hint, id, className, textareaClassName, rows = 4, ref, ...rest }: TextAreaFieldProps) {
  const fieldId = useFieldId(id);
  const paste = usePasteCut<HTMLTextAreaElement>(rest.maxLength, rest);
  return (
    <Field id={fieldId} label={label} hint={hint} error={error} notice={paste.notice} className={className}>
      <textarea
        {...rest}
        ref={ref}
        id={fieldId}
        rows={rows}
        className={textareaClassName ? `ui-field__input ${textareaClassName}` : 'ui-field__input'}
        onPaste={paste.onPaste}
        onChange={paste.onChange}
        aria-invalid={error ? true : rest['aria-invalid']}
        aria-describedby={describedByOf(fieldId, hint, error, rest['aria-describedby'], paste.notice)}
      />
    </Field>
  );
}
