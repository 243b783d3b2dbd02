import type { ChangeEvent, ClipboardEvent, KeyboardEvent } from 'react';
import { isWholePhone, phoneDeleteCaret, phoneMask, phoneMaskCaret } from '../format/phone';
import { TextField, type TextFieldProps } from './text-field';

export const PHONE_PLACEHOLDER = '+7 (999) 123-45-67';

export type PhoneInputProps = Omit<TextFieldProps, 'type'>;

/** A phone field masked as '+7 (999) 123-45-67' while typing; the contract's phoneSchema normalises it. */
export function PhoneInput({
  onChange,
  onKeyDown,
  onPaste,
  placeholder = PHONE_PLACEHOLDER,
  ...rest
}: PhoneInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const raw = input.value;
    const caret = input.selectionStart;
    const masked = phoneMask(raw);
    input.value = masked;
    // An edit inside the number keeps the caret there; typing at the end stays at the end.
    if (caret !== null && caret < raw.length && input.ownerDocument.activeElement === input) {
      const position = phoneMaskCaret(raw, caret, masked);
      input.setSelectionRange(position, position);
    }
    onChange?.(event);
  };
  // A whole number pasted takes the field's place: after the «+7» the field shows (typed, or left
  // by Backspace) its digits would follow that 7, '+7' and '8 999 123-45-67' making +7 (899) 912-34-56.
  // The browser pastes over the selection as it stands once the `paste` handlers have run.
  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (isWholePhone(event.clipboardData.getData('text/plain'))) {
      const input = event.currentTarget;
      input.setSelectionRange(0, input.value.length);
    }
    onPaste?.(event);
  };
  // Delete before a separator, or Backspace after one, takes the digit beyond it (the mask would put
  // the separator back, and Delete would stay where it is): the caret goes to the digit first, and the
  // browser deletes at the caret as it stands once the `keydown` handlers have run.
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const caret = input.selectionStart;
    if ((event.key === 'Delete' || event.key === 'Backspace') && caret !== null && caret === input.selectionEnd) {
      const position = phoneDeleteCaret(input.value, caret, event.key === 'Delete');
      input.setSelectionRange(position, position);
    }
    onKeyDown?.(event);
  };
  return (
    <TextField
      autoComplete="tel"
      inputMode="tel"
      {...rest}
      type="tel"
      placeholder={placeholder}
      onChange={handleChange}
      onPaste={handlePaste}
      onKeyDown={handleKeyDown}
    />
  );
}
