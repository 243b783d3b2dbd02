import { fireEvent, render, screen } from '@testing-library/react';
import { CodeInput } from './code-input';
import { PasswordField } from './password-field';
import { PhoneInput } from './phone-input';
import { TextField } from './text-field';

describe('TextField', () => {
  it('labels the input and links its hint and error', () => {
    render(<TextField label="Имя" hint="Как к вам обращаться" error="Укажите имя" />);
    const input = screen.getByLabelText('Имя');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Как к вам обращаться Укажите имя');
  });

  it('is valid without an error', () => {
    render(<TextField label="Имя" />);
    expect(screen.getByLabelText('Имя')).not.toHaveAttribute('aria-invalid');
  });
});

describe('PhoneInput', () => {
  it('masks what is typed as +7 (999) 123-45-67 and passes the event on', () => {
    const onChange = jest.fn();
    render(<PhoneInput label="Телефон" onChange={onChange} />);
    const input = screen.getByLabelText('Телефон');
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('placeholder', '+7 (999) 123-45-67');
    fireEvent.change(input, { target: { value: '89991234567' } });
    expect(input).toHaveValue('+7 (999) 123-45-67');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect((onChange.mock.calls[0]?.[0] as { target: HTMLInputElement }).target.value).toBe('+7 (999) 123-45-67');
  });

  it('lets backspace remove digits past the closing bracket', () => {
    render(<PhoneInput label="Телефон" />);
    const input = screen.getByLabelText('Телефон');
    fireEvent.change(input, { target: { value: '+7 (999) ' } });
    expect(input).toHaveValue('+7 (999');
  });
});

describe('CodeInput', () => {
  it('keeps six digits and asks the phone for the one-time code', () => {
    render(<CodeInput />);
    const input = screen.getByLabelText('Код из СМС');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    fireEvent.change(input, { target: { value: '12a34 5678' } });
    expect(input).toHaveValue('123456');
  });

  /**
   * A paste into the empty field as Chromium does it (user-event is not among shared's dependencies):
   * a `maxlength` cuts the pasted text before the field's handler sees it.
   */
  function paste(input: HTMLInputElement, text: string) {
    fireEvent.change(input, { target: { value: input.maxLength >= 0 ? text.slice(0, input.maxLength) : text } });
  }

  it.each([' 123456', '123 456', '123-456', 'Код: 123456', 'Код для регистрации: 123456. Никому не сообщайте его.'])(
    'reads the code whole from pasted «%s»: the browser does not cut it before the words and spaces go',
    (text) => {
      render(<CodeInput />);
      const input = screen.getByLabelText<HTMLInputElement>('Код из СМС');
      paste(input, text);
      expect(input).toHaveValue('123456');
    },
  );

  it('keeps as many digits as its code has', () => {
    render(<CodeInput length={8} />);
    const input = screen.getByLabelText<HTMLInputElement>('Код из СМС');
    paste(input, '6273 2675 9');
    expect(input).toHaveValue('62732675');
  });
});

describe('PasswordField', () => {
  it('shows and hides the password with a pressed toggle', () => {
    render(<PasswordField label="Пароль" />);
    const input = screen.getByLabelText('Пароль');
    const toggle = screen.getByRole('button', { name: 'Показать пароль: Пароль' });
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('names its toggle after its field, so that several on one form are told apart; the field\'s label stays the field\'s alone', () => {
    render(
      <>
        <PasswordField label="Новый пароль" />
        <PasswordField label="Повторите новый пароль" />
      </>,
    );
    const [first, second] = screen.getAllByRole('button');
    // The visible word «Показать» starts the name (what a voice user says to press it).
    expect(first).toHaveAccessibleName('Показать пароль: Новый пароль');
    expect(second).toHaveAccessibleName('Показать пароль: Повторите новый пароль');
    // A search by the field's label finds the fields, not their toggles.
    const labelled = screen.getAllByLabelText(/Новый пароль/i);
    expect(labelled.map((element) => element.tagName)).toEqual(['INPUT', 'INPUT']);
  });
});
