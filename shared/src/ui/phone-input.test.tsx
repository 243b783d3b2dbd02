import { fireEvent, render, screen } from '@testing-library/react';
import { paste, press, pressOnScreen, typeInto } from '../testing/edit-events';
import { PhoneInput } from './phone-input';

function renderPhoneInput() {
  render(<PhoneInput label="Телефон" />);
  const input = screen.getByLabelText<HTMLInputElement>('Телефон');
  input.focus();
  return input;
}

/** The field holding `digits` masked, the caret at `caret`. */
function numberWithCaretAt(caret: number, digits = '9991234567') {
  const input = renderPhoneInput();
  typeInto(input, digits, digits.length);
  input.setSelectionRange(caret, caret);
  return input;
}

test('a number typed digit by digit: 8 and then 9 is the trunk prefix, 8 and then 1 the start of the code', () => {
  const input = renderPhoneInput();
  typeInto(input, '8', 1);
  expect(input.value).toBe('8');
  typeInto(input, '89', 2);
  expect(input.value).toBe('+7 (9');
  typeInto(input, '', 0, 'deleteContentBackward');
  typeInto(input, '8', 1);
  typeInto(input, '81', 2);
  expect(input.value).toBe('+7 (81');
  for (const digit of '25551234') typeInto(input, input.value + digit, input.value.length + 1);
  expect(input.value).toBe('+7 (812) 555-12-34');
});

test('an edit inside the number keeps the caret there, masked; typing at the end stays at the end', () => {
  const input = renderPhoneInput();
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

describe('pasting a whole number', () => {
  const numbers = [
    '+7 (999) 123-45-67',
    '+7 999 123-45-67',
    '8 999 123 45 67',
    '8 (999) 123-45-67',
    '89991234567',
    '79991234567',
    '+79991234567',
    '9991234567',
  ];

  // «+7» typed (a 7 shows as «+7»), or a lone 8, which waits for the next digit to say what it is.
  it.each(numbers.flatMap((text) => [['7', '+7', text], ['8', '8', text]]))('after %p, shown as %p, puts %p in its place, the caret at the end', (typed, shown, text) => {
    const input = renderPhoneInput();
    typeInto(input, typed!, 1);
    expect(input.value).toBe(shown);
    paste(input, text!);
    expect(input.value).toBe('+7 (999) 123-45-67');
    expect(input.selectionStart).toBe(18);
  });

  it('replaces what Backspace left, and a number already there', () => {
    const input = renderPhoneInput();
    typeInto(input, '+7 (9', 5);
    press(input, 'Backspace');
    expect(input.value).toBe('+7');
    paste(input, '+7 999 123-45-67');
    expect(input.value).toBe('+7 (999) 123-45-67');

    input.setSelectionRange(10, 10);
    paste(input, '8 (912) 345-67-89');
    expect(input.value).toBe('+7 (912) 345-67-89');
    expect(input.selectionStart).toBe(18);
  });

  it('fills an empty field as before', () => {
    const input = renderPhoneInput();
    paste(input, '8 999 123 45 67');
    expect(input.value).toBe('+7 (999) 123-45-67');
  });

  it('reads ten digits that begin with a code starting with 8 as the number itself', () => {
    const input = renderPhoneInput();
    paste(input, '812 555-12-34');
    expect(input.value).toBe('+7 (812) 555-12-34');
  });

  it('inserts a few digits at the caret, as typing them would', () => {
    const input = renderPhoneInput();
    typeInto(input, '+7 (999) 1234', 13);
    expect(input.value).toBe('+7 (999) 123-4');
    input.setSelectionRange(9, 9);
    paste(input, '56');
    expect(input.value).toBe('+7 (999) 561-23-4');
    expect(input.selectionStart).toBe(11);
  });
});

describe('Delete before a separator', () => {
  it.each([
    // caret, what is left, where the caret stays
    [7, '+7 (999) 234-56-7', 7],
    [8, '+7 (999) 234-56-7', 7],
    [12, '+7 (999) 123-56-7', 12],
    [15, '+7 (999) 123-45-7', 15],
    [2, '+7 (991) 234-56-7', 4],
    [3, '+7 (991) 234-56-7', 4],
  ])('at %p takes the next digit: %p, the caret at %p', (caret, value, after) => {
    const input = numberWithCaretAt(caret);
    press(input, 'Delete');
    expect(input.value).toBe(value);
    expect(input.selectionStart).toBe(after);
  });

  it('goes on deleting the digits after the caret when pressed again', () => {
    const input = numberWithCaretAt(7);
    press(input, 'Delete');
    press(input, 'Delete');
    press(input, 'Delete');
    press(input, 'Delete');
    expect(input.value).toBe('+7 (999) 567');
    expect(input.selectionStart).toBe(7);
  });

  it('takes a digit right after the caret as before', () => {
    const input = numberWithCaretAt(4);
    press(input, 'Delete');
    expect(input.value).toBe('+7 (991) 234-56-7');
    expect(input.selectionStart).toBe(4);
  });
});

describe('Backspace after a separator', () => {
  it.each([
    // caret, what is left, where the caret stays
    [8, '+7 (991) 234-56-7', 6],
    [9, '+7 (991) 234-56-7', 6],
    [13, '+7 (999) 124-56-7', 11],
  ])('at %p takes the digit before it: %p, the caret at %p', (caret, value, after) => {
    const input = numberWithCaretAt(caret);
    press(input, 'Backspace');
    expect(input.value).toBe(value);
    expect(input.selectionStart).toBe(after);
  });

  it('leaves the «+7» of a number alone', () => {
    const input = numberWithCaretAt(4, '78125551234');
    expect(input.value).toBe('+7 (812) 555-12-34');
    press(input, 'Backspace');
    expect(input.value).toBe('+7 (812) 555-12-34');
    expect(input.selectionStart).toBe(4);
  });
});

describe('an on-screen keyboard, which sends no Backspace or Delete key', () => {
  it.each([
    // caret, what is left, where the caret stays
    [9, '+7 (991) 234-56-7', 6],
    [13, '+7 (999) 124-56-7', 11],
    [16, '+7 (999) 123-46-7', 14],
  ])('Backspace at %p takes the digit before the separator: %p, the caret at %p', (caret, value, after) => {
    const input = numberWithCaretAt(caret);
    pressOnScreen(input, 'Backspace');
    expect(input.value).toBe(value);
    expect(input.selectionStart).toBe(after);
  });

  it('Delete before a separator takes the next digit', () => {
    const input = numberWithCaretAt(12);
    pressOnScreen(input, 'Delete');
    expect(input.value).toBe('+7 (999) 123-56-7');
    expect(input.selectionStart).toBe(12);
  });

  it('deletes the digits one by one from wherever the caret is', () => {
    const input = numberWithCaretAt(13);
    for (let i = 0; i < 6; i += 1) pressOnScreen(input, 'Backspace');
    expect(input.value).toBe('+7 (456) 7');
    expect(input.selectionStart).toBe(4);
  });

  it('still passes the element to a ref given to the field', () => {
    const ref = { current: null as HTMLInputElement | null };
    render(<PhoneInput label="Телефон" ref={ref} />);
    expect(ref.current).toBe(screen.getByLabelText('Телефон'));
  });
});
