import type { ChangeEvent } from 'react';
import { phoneMask } from '../format/phone';
import { TextField, type TextFieldProps } from './text-field';

export const PHONE_PLACEHOLDER = '+7 (999) 123-45-67';

export type PhoneInputProps = Omit<TextFieldProps, 'type'>;

/** A phone field masked as '+7 (999) 123-45-67' while typing; the contract's phoneSchema normalises it. */
export function PhoneInput({ onChange, placeholder = PHONE_PLACEHOLDER, ...rest }: PhoneInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    event.target.value = phoneMask(event.target.value);
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
