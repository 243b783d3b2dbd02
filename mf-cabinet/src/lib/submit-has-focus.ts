import type { BaseSyntheticEvent } from 'react';

/**
 * Whether the focus is on the submit button of the form `event` submitted. A «Сохранить» disabled
 * while the form has nothing to save is disabled by the save itself, under that focus, and the
 * browser drops the focus of a disabled button to <body>: checked after the save, it tells the
 * form to give the focus to its first field instead, where a keyboard or screen-reader user goes on.
 */
export function submitHasFocus(event: BaseSyntheticEvent | undefined): boolean {
  const form = event?.target;
  const active = document.activeElement;
  return form instanceof HTMLFormElement && active instanceof HTMLButtonElement && active.type === 'submit' && active.form === form;
}
