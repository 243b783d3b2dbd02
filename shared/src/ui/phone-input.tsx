import type { ChangeEvent } from 'react';
import { phoneMask, phoneMaskCaret } from '../format/phone';
import { TextField, type TextFieldProps } from './text-field';

export const PHONE_PLACEHOLDER = '+7 (999) 123-45-67';

export type PhoneInputProps = Omit<TextFieldProps, 'type'>;

/** A phone field masked as '+7 (999) 123-45-67' while typing; the contract's phoneSchema normalises it. */
export function PhoneInput({ onChange, placeholder = PHONE_PLACEHOLDER, ...rest }: PhoneInputProps) {
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
  return (
    <TextField
      autoComplete="tel"
      inputMode="tel"
      {...rest}
      type="tel"
      placeholder={placeholder}
      onChange={handleChange}
    />
  );
}
