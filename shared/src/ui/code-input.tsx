import type { ChangeEvent, ReactNode } from 'react';
import { SMS_CODE_LENGTH } from '../contract/auth';
import { TextField, type TextFieldProps } from './text-field';

export type CodeInputProps = Omit<TextFieldProps, 'type' | 'maxLength' | 'label'> & { label?: ReactNode };

/** The 6-digit SMS code: digits only, offered by the phone's one-time-code autofill. */
export function CodeInput({ onChange, label = 'Код из СМС', ...rest }: CodeInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    event.target.value = event.target.value.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH);
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
      maxLength={SMS_CODE_LENGTH}
      onChange={handleChange}
    />
  );
}
