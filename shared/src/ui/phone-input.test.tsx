import { fireEvent, render, screen } from '@testing-library/react';
import { PhoneInput } from './phone-input';

/** What a browser does on an edit: the new text with the caret where the edit left it, then `input`. */
function typeInto(input: HTMLInputElement, text: string, caret: number) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.setSelectionRange(caret, caret);
  fireEvent.input(input);
}

test('an edit inside the number keeps the caret there, masked; typing at the end stays at the end', () => {
  render(<PhoneInput label="Телефон" />);
  const input = screen.getByLabelText<HTMLInputElement>('Телефон');
  input.focus();
  typeInto(input, '9991234567', 10);
  expect(input.value).toBe('+7 (999) 123-45-67');
  expect(input.selectionStart).toBe(input.value.length);

  // Backspace after «12»: the browser leaves «+7 (999) 13-45-67» with the caret after the 1.
  typeInto(input, '+7 (999) 13-45-67', 10);
  expect(input.value).toBe('+7 (999) 134-56-7');
  expect(input.selectionStart).toBe(10);
  // Typing 8 there puts it in the place of the deleted digit.
  typeInto(input, '+7 (999) 1834-56-7', 11);
  expect(input.value).toBe('+7 (999) 183-45-67');
  expect(input.selectionStart).toBe(11);
});
