import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { ApiError } from '../api/api-error';
import { FieldRefusalStatus, useFieldRefusal, useFormRefusal } from './field-refusal';
import { applyApiError } from './form-error';
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

/**
 * A browser runs the microtasks after each listener of an event the user causes, so React renders
 * what one listener asked for before the next listener (its own, at the root) hears the event; a
 * script's dispatchEvent runs them all first. Here each `input` listener is followed by the render
 * it asked for, as in a browser.
 */
function renderAfterEachInputListener() {
  const wrappers = new WeakMap<object, EventListener>();
  const wrapperOf = (listener: EventListenerOrEventListenerObject) => {
    let wrapper = wrappers.get(listener);
    if (!wrapper) {
      wrapper = (event) => {
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
        flushSync(() => undefined);
      };
      wrappers.set(listener, wrapper);
    }
    return wrapper;
  };
  const originalAdd = EventTarget.prototype.addEventListener;
  const originalRemove = EventTarget.prototype.removeEventListener;
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    originalAdd.call(this, type, type === 'input' && listener ? wrapperOf(listener) : listener, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    originalRemove.call(this, type, type === 'input' && listener ? wrapperOf(listener) : listener, options);
  };
  return () => {
    EventTarget.prototype.addEventListener = originalAdd;
    EventTarget.prototype.removeEventListener = originalRemove;
  };
}

describe('useFieldRefusal and the first key after a refusal', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = renderAfterEachInputListener();
  });
  afterEach(() => restore());

  /** The form above with its name field controlled by React, or left to the DOM. */
  function NameForm({ controlled }: { controlled: boolean }) {
    const refusal = useFieldRefusal();
    const [name, setName] = useState('');
    const [error, setError] = useState<string>();
    const submit = (event: FormEvent) => {
      event.preventDefault();
      refusal.refuse({ name: 'Укажите имя' });
      setError('Укажите имя');
    };
    return (
      <form onSubmit={submit} noValidate>
        {controlled ? (
          <TextField label="Имя" name="name" error={error} value={name} onChange={(event) => setName(event.target.value)} />
        ) : (
          <TextField label="Имя" name="name" error={error} onChange={(event) => setName(event.target.value)} />
        )}
        <p>Введено: {name}</p>
        <FieldRefusalStatus said={refusal.said} />
      </form>
    );
  }

  it.each([
    ['controlled by React', true],
    ['left to the DOM', false],
  ])('a field %s keeps the first key typed after its refusal, and the status is taken back', (_, controlled) => {
    render(<NameForm controlled={controlled} />);
    const name = screen.getByLabelText('Имя');
    enterIn(name);
    expect(screen.getByRole('status')).toHaveTextContent('Укажите имя');

    fireEvent.input(name, { target: { value: 'И' } });
    expect(name).toHaveValue('И');
    expect(screen.getByText('Введено: И')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    fireEvent.input(name, { target: { value: 'Ив' } });
    expect(name).toHaveValue('Ив');
  });
});

/**
 * The shapes of react-hook-form's `handleSubmit` and `setError`, as it runs them: `onInvalid` with
 * the errors, then the first invalid field focused (synchronously), then the render of the errors;
 * `setError(…, { shouldFocus: true })` focuses its field at once.
 */
function useFakeForm(check: () => Errors) {
  const [errors, setErrors] = useState<Errors>({});
  const fields = useRef<Record<keyof Errors, HTMLInputElement | null>>({ name: null, city: null });
  return {
    errors,
    fields,
    handleSubmit:
      (onValid: () => Promise<void> | void, onInvalid?: (errors: Errors, event?: FormEvent) => void) =>
      async (event: FormEvent) => {
        event.preventDefault();
        const found = check();
        const first = (['name', 'city'] as const).find((field) => found[field]);
        if (!first) return onValid();
        onInvalid?.(found, event);
        fields.current[first]?.focus();
        setErrors(found);
      },
    setError(name: keyof Errors | 'root.server', error: { type: string; message?: string }, options?: { shouldFocus: boolean }) {
      if (name === 'root.server') return;
      if (options?.shouldFocus) fields.current[name]?.focus();
      setErrors((last) => ({ ...last, [name]: error.message }));
    },
  };
}

describe('useFormRefusal', () => {
  function RefusingForm({ check, server, onInvalid }: { check: () => Errors; server?: unknown; onInvalid?: (errors: Errors) => void }) {
    const form = useFakeForm(check);
    const refusal = useFormRefusal(form);
    const submit = refusal.handleSubmit(() => {
      if (server) applyApiError(server, refusal, ['name', 'city']);
    }, onInvalid);
    return (
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Имя" name="name" error={form.errors.name} ref={(input) => void (form.fields.current.name = input)} />
        <TextField label="Город" name="city" error={form.errors.city} ref={(input) => void (form.fields.current.city = input)} />
        <button type="submit">Сохранить</button>
        {refusal.status}
      </form>
    );
  }

  it('its handleSubmit says the focused field’s refusal, each Enter anew, and still calls the form’s own onInvalid', async () => {
    const onInvalid = jest.fn();
    render(<RefusingForm check={both} onInvalid={onInvalid} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    const name = screen.getByLabelText('Имя');

    await act(async () => enterIn(name));
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Укажите имя');
    const first = screen.getByRole('status').firstElementChild;
    expect(first).toHaveTextContent(/^Укажите имя$/);
    expect(onInvalid).toHaveBeenCalledWith(both(), expect.anything());

    await act(async () => enterIn(name));
    const again = screen.getByRole('status').firstElementChild;
    expect(again).toHaveTextContent(/^Укажите имя$/);
    expect(again).not.toBe(first);
  });

  it('its handleSubmit says nothing more when the refusal moves the focus: the focus reads the message', async () => {
    render(<RefusingForm check={both} />);
    await act(async () => enterIn(screen.getByLabelText('Город')));
    expect(screen.getByLabelText('Имя')).toHaveFocus();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  const refusedByServer = new ApiError({ status: 422, code: 'validation', message: 'Проверьте данные', errors: { city: 'Такого города нет' } });

  it('given to applyApiError, says the server’s refusal of the field that keeps the focus, each time anew', async () => {
    render(<RefusingForm check={() => ({})} server={refusedByServer} />);
    const city = screen.getByLabelText('Город');
    await act(async () => enterIn(city));
    expect(city).toHaveFocus();
    expect(city).toHaveAccessibleDescription('Такого города нет');
    const first = screen.getByRole('status').firstElementChild;
    expect(first).toHaveTextContent(/^Такого города нет$/);

    await act(async () => enterIn(city));
    const again = screen.getByRole('status').firstElementChild;
    expect(again).toHaveTextContent(/^Такого города нет$/);
    expect(again).not.toBe(first);
  });

  it('given to applyApiError, says nothing more when the server’s refusal moves the focus to its field', async () => {
    render(<RefusingForm check={() => ({})} server={refusedByServer} />);
    await act(async () => enterIn(screen.getByLabelText('Имя')));
    expect(screen.getByLabelText('Город')).toHaveFocus();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
