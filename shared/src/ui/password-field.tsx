import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'addon'>;

/** A password input with a "show" toggle (aria-pressed), handy on a phone keyboard. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className="ui-field__toggle"
          aria-label="Показать пароль"
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          Показать
        </button>
      }
    />
  );
}
