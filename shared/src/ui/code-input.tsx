import type { ChangeEvent, ReactNode } from 'react';
import { SMS_CODE_LENGTH } from '../contract/auth';
import { TextField, type TextFieldProps } from './text-field';

export type CodeInputProps = Omit<TextFieldProps, 'type' | 'maxLength' | 'label'> & {
  label?: ReactNode;
  /** How many digits the code has: the SMS code's by default. */
  length?: number;
};

/** What is left of typed or pasted text as a code of `length`: its digits, the first `length` of them. */
const codeDigits = (text: string, length: number = SMS_CODE_LENGTH) => text.replace(/\D/g, '').slice(0, length);

/**
 * A code that came by SMS: digits only, offered by the phone's one-time-code autofill. No `maxLength`:
 * the browser would cut pasted text to it before its spaces and words are dropped, so «123 456» or
 * the whole SMS («Код для регистрации: 034748. …») would lose the code's last digits.
 */
export function CodeInput({ onChange, label = 'Код из СМС', length = SMS_CODE_LENGTH, ...rest }: CodeInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    event.target.value = codeDigits(event.target.value, length);
    onChange?.(event);
  };
  return (
    <TextField
      autoComplete="one-time-code"
      {...rest}
      label={label}
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      onChange={handleChange}
    />
  );
}
