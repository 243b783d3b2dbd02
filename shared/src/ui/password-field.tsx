import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';
import { VisuallyHidden } from './visually-hidden';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'addon'>;

/**
 * A password input with a "show" toggle (aria-pressed), handy on a phone keyboard. The toggle is
 * named after its field («Показать пароль: Новый пароль»): a form with three of them tells them
 * apart. The name comes from its content, not aria-label: a search by the field's label (a test's
 * getByLabel, a voice command) finds the field alone.
 */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <button type="button" className="ui-field__toggle" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          Показать<VisuallyHidden> пароль: {props.label}</VisuallyHidden>
        </button>
      }
    />
  );
}
