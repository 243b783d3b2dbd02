import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState, type FormEvent } from 'react';
import { FieldRefusalStatus, useFieldRefusal } from './field-refusal';
import { TextField } from './text-field';

type Errors = { name?: string; city?: string };

/**
 * A form checked on submit as react-hook-form's handleSubmit does it: the refusal first, then the
 * first invalid field focused (synchronously), and only then the render that shows the errors.
 */
function Form({ check }: { check: () => Errors }) {
  const refusal = useFieldRefusal();
  const [errors, setErrors] = useState<Errors>({});
  const fields = useRef<Record<keyof Errors, HTMLInputElement | null>>({ name: null, city: null });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    refusal.refuse(found);
    const first = (['name', 'city'] as const).find((field) => found[field]);
    if (first) fields.current[first]?.focus();
    setErrors(found);
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextField label="Имя" name="name" error={errors.name} ref={(input) => void (fields.current.name = input)} />
      <TextField label="Город" name="city" error={errors.city} ref={(input) => void (fields.current.city = input)} />
      <button type="submit">Сохранить</button>
      <FieldRefusalStatus said={refusal.said} />
    </form>
  );
}

const both = () => ({ name: 'Укажите имя', city: 'Укажите город' });

/** Enter in a field: the browser submits its form, the focus stays where it is. */
function enterIn(field: HTMLElement) {
  field.focus();
  fireEvent.submit(field.closest('form')!);
}

describe('useFieldRefusal + FieldRefusalStatus', () => {
  it('the status line is there, empty, before anything is refused', () => {
    render(<Form check={both} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('a refusal sent from the field that keeps the focus is said once, as a status; a change of the field takes it back', () => {
    render(<Form check={both} />);
    const name = screen.getByLabelText('Имя');
    enterIn(name);

    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Укажите имя');
    expect(screen.getByRole('status')).toHaveTextContent(/^Укажите имя$/);

    fireEvent.input(name, { target: { value: 'И' } });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('the same refusal again is said again: its words come into the status anew', () => {
    render(<Form check={both} />);
    const name = screen.getByLabelText('Имя');
    enterIn(name);
    const first = screen.getByRole('status').firstElementChild;
    expect(first).toHaveTextContent('Укажите имя');
    enterIn(name);
    const again = screen.getByRole('status').firstElementChild;
    expect(again).toHaveTextContent('Укажите имя');
    expect(again).not.toBe(first);
  });

  it('a refusal that moves the focus to the field says nothing more: the focus reads the message', () => {
    render(<Form check={both} />);
    const save = screen.getByRole('button', { name: 'Сохранить' });
    enterIn(save);

    const name = screen.getByLabelText('Имя');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Укажите имя');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('from a later field the focus goes to the first one refused, which it reads: nothing is said as a status', () => {
    render(<Form check={both} />);
    enterIn(screen.getByLabelText('Город'));

    expect(screen.getByLabelText('Имя')).toHaveFocus();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('the focused field refused alone is said, also when it is not the form’s first', () => {
    render(<Form check={() => ({ city: 'Укажите город' })} />);
    const city = screen.getByLabelText('Город');
    enterIn(city);

    expect(city).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(/^Укажите город$/);
  });

  it('takes react-hook-form’s errors as they are ({ message }), and a refusal of nothing empties the status', () => {
    let refuse: ReturnType<typeof useFieldRefusal>['refuse'] = () => undefined;
    function Bare() {
      const refusal = useFieldRefusal();
      refuse = refusal.refuse;
      return (
        <form>
          <input name="code" aria-label="Код" />
          <FieldRefusalStatus said={refusal.said} />
        </form>
      );
    }
    render(<Bare />);
    screen.getByLabelText('Код').focus();
    const rhfError = { type: 'server', message: 'Неверный код', ref: screen.getByLabelText('Код') };
    act(() => refuse({ code: rhfError }));
    expect(screen.getByRole('status')).toHaveTextContent('Неверный код');
    act(() => refuse({}));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
