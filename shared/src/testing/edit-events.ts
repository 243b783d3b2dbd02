import { fireEvent } from '@testing-library/react';

// user-event is not among shared's dependencies, so these helpers do what Chromium does on each
// edit: the handlers first, then the default action on the selection as they left it, then `input`.

/** What a browser does on an edit: the new text with the caret where the edit left it, then `input`. */
export function typeInto(input: HTMLInputElement, text: string, caret: number, inputType = 'insertText') {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.setSelectionRange(caret, caret);
  fireEvent.input(input, { inputType });
}

/** Ctrl+V: `paste`, then the text put over the selection as it stands after the handlers. */
export function paste(input: HTMLInputElement, text: string) {
  if (!fireEvent.paste(input, { clipboardData: { getData: () => text } })) return;
  const { value, selectionStart: start, selectionEnd: end } = input;
  typeInto(input, value.slice(0, start!) + text + value.slice(end!), start! + text.length, 'insertFromPaste');
}

/** Delete or Backspace with the caret in the field: `keydown`, then the character next to the caret goes. */
export function press(input: HTMLInputElement, key: 'Delete' | 'Backspace') {
  if (!fireEvent.keyDown(input, { key })) return;
  const { value, selectionStart: caret } = input;
  const from = key === 'Delete' ? caret! : caret! - 1;
  const inputType = key === 'Delete' ? 'deleteContentForward' : 'deleteContentBackward';
  typeInto(input, value.slice(0, from) + value.slice(from + 1), from, inputType);
}

/**
 * Backspace or Delete on an on-screen keyboard: a `keydown` whose key is 'Unidentified', then
 * `beforeinput`, then the character next to the caret as it stands goes.
 */
export function pressOnScreen(input: HTMLInputElement, key: 'Delete' | 'Backspace') {
  const inputType = key === 'Delete' ? 'deleteContentForward' : 'deleteContentBackward';
  fireEvent.keyDown(input, { key: 'Unidentified', keyCode: 229 });
  if (!fireEvent(input, new InputEvent('beforeinput', { inputType, bubbles: true, cancelable: true }))) return;
  const { value, selectionStart: caret } = input;
  const from = key === 'Delete' ? caret! : caret! - 1;
  typeInto(input, value.slice(0, from) + value.slice(from + 1), from, inputType);
}

/** Text typed over the selection (or at the caret): the caret after it. */
export function typeOver(input: HTMLInputElement, text: string) {
  const { value, selectionStart: start, selectionEnd: end } = input;
  typeInto(input, value.slice(0, start!) + text + value.slice(end!), start! + text.length);
}
