import type { ChangeEvent, ClipboardEvent } from 'react';
import { isWholePhone, phoneDeleteCaret, phoneMask, phoneMaskCaret } from '../format/phone';
import { TextField, type TextFieldProps } from './text-field';
import { useDigitDelete } from './use-digit-delete';

export const PHONE_PLACEHOLDER = '+7 (999) 123-45-67';

export type PhoneInputProps = Omit<TextFieldProps, 'type'>;

/** A phone field masked as '+7 (999) 123-45-67' while typing; the contract's phoneSchema normalises it. */
export function PhoneInput({
  onChange,
  onKeyDown,
  onPaste,
  placeholder = PHONE_PLACEHOLDER,
  ref,
  ...rest
}: PhoneInputProps) {
  // Delete before a separator, or Backspace after one, takes the digit beyond it (useDigitDelete).
  const { inputRef, handleKeyDown } = useDigitDelete(ref, phoneDeleteCaret, onKeyDown);
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
  return (
    <TextField
      autoComplete="tel"
      inputMode="tel"
      {...rest}
      ref={inputRef}
      type="tel"
      placeholder={placeholder}
      onChange={handleChange}
      onPaste={handlePaste}
      onKeyDown={handleKeyDown}
    />
  );
}
