import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { TextAreaField } from './text-area-field';
import { TextField } from './text-field';

/*
 * QA (input): a 10 000-character paste into the application's name (200) or description (5000) was
 * cut by maxLength without a word; the user only found out later, if at all.
 *
 * user-event is not among shared's dependencies: `paste` does what Chromium does, the paste event
 * with its text, then the field's value as maxLength leaves it, then the change.
 */
function paste(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  fireEvent.paste(field, { clipboardData: { getData: () => text } });
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? field.value.length;
  const next = field.value.slice(0, start) + text + field.value.slice(end);
  fireEvent.change(field, { target: { value: next.slice(0, field.maxLength) } });
}

function Form() {
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  return (
    <>
      <TextField label="Название" maxLength={10} value={name} onChange={(event) => setName(event.target.value)} />
      <TextAreaField label="Описание" maxLength={20} hint="Что нужно сделать" value={text} onChange={(event) => setText(event.target.value)} />
    </>
  );
}

describe('a paste cut by the field’s length', () => {
  it('is said under the field, as an alert, until the next change', () => {
    render(<Form />);
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Название' });
    paste(name, 'Ремонт кровли склада');
    expect(name).toHaveValue('Ремонт кро');
    const said = 'Вставлено не всё: поле вмещает не больше 10 символов';
    expect(screen.getByRole('alert')).toHaveTextContent(said);
    expect(name).toHaveAccessibleDescription(said);

    fireEvent.change(name, { target: { value: 'Ремонт кр' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(name).not.toHaveAccessibleDescription(said);
  });

  it('says nothing for a paste that fits, in a textarea too, and keeps the hint', () => {
    render(<Form />);
    const text = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Описание' });
    paste(text, 'Покрасить забор');
    expect(text).toHaveValue('Покрасить забор');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(text).toHaveAccessibleDescription('Что нужно сделать');
    text.setSelectionRange(text.value.length, text.value.length);
    paste(text, ' и ворота, и калитку');
    expect(text).toHaveAccessibleDescription('Вставлено не всё: поле вмещает не больше 20 символов Что нужно сделать');
  });

  it('a paste over a selection counts what it replaces', () => {
    render(<Form />);
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Название' });
    fireEvent.change(name, { target: { value: '0123456789' } });
    name.setSelectionRange(0, 10);
    paste(name, 'Кровля');
    expect(name).toHaveValue('Кровля');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
