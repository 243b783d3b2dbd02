import { useCallback, useEffect, useState, type FormEvent } from 'react';

/**
 * The first invalid field of a form, in the page's order, takes the focus: the keyboard lands where
 * the fix is needed and a screen reader reads the field with its message. A radio group marked
 * invalid as a whole (its fieldset) gives the focus to its chosen or first choice.
 */
export function focusFirstInvalid(form: HTMLFormElement | null | undefined) {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = invalid?.matches('fieldset') ? invalid.querySelector<HTMLElement>('input:checked') ?? invalid.querySelector<HTMLElement>('input') : invalid;
  target?.focus();
}

/**
 * For a dialog's submit that its own check (or the server) refused: called with the submit event,
 * or its form when the refusal comes after an await (the event's currentTarget is gone by then), it
 * focuses the first invalid field once the render showing the errors is done. Without it the focus
 * stayed on the submit button and nothing was said: the errors are no live region.
 */
export function useFocusFirstInvalid(): (from: FormEvent<HTMLFormElement> | HTMLFormElement) => void {
  const [refused, setRefused] = useState<{ form: HTMLFormElement } | null>(null);
  useEffect(() => {
    if (refused) focusFirstInvalid(refused.form);
  }, [refused]);
  // A new object each time: a second refusal focuses again.
  return useCallback((from) => setRefused({ form: from instanceof HTMLFormElement ? from : from.currentTarget }), []);
}
