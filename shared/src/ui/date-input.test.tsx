import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { press, pressOnScreen, typeOver } from '../testing/edit-events';
import { DateInput, editedDate, formatIsoDate, maskDate, parseRussianDate } from './date-input';

function Controlled({ initial = '', onValue = () => undefined }: { initial?: string | null; onValue?: (v: string | null) => void }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DateInput
        label="Выполнить до"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
      <output data-testid="value">{String(value)}</output>
      <button type="button" onClick={() => setValue('2027-01-15')}>
        Сбросить
      </button>
    </>
  );
}

describe('DateInput', () => {
  it('is a labelled numeric text field that shows an ISO value as дд.мм.гггг', () => {
    render(<Controlled initial="2026-12-31" />);
    const input = screen.getByLabelText('Выполнить до');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('placeholder', 'дд.мм.гггг');
    expect(input).toHaveValue('31.12.2026');
    expect(input).toHaveAccessibleDescription(/день, месяц, год/);
  });

  it("says its format as a text of its own, not run into the next field's label", () => {
    render(
      <>
        <DateInput label="Срок выполнения" value="" onChange={() => undefined} />
        <DateInput label="Приём откликов до" value="" onChange={() => undefined} />
      </>,
    );
    const hints = screen.getAllByRole('paragraph').filter((p) => p.textContent === 'Формат даты: день, месяц, год, например 31.12.2026');
    expect(hints).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Срок выполнения' })).toHaveAccessibleDescription('Формат даты: день, месяц, год, например 31.12.2026');
    expect(screen.getByRole('textbox', { name: 'Приём откликов до' })).toHaveAccessibleDescription('Формат даты: день, месяц, год, например 31.12.2026');
  });

  it('masks the digits typed into дд.мм.гггг and gives the ISO date', () => {
    const values: Array<string | null> = [];
    render(<Controlled onValue={(v) => values.push(v)} />);
    const input = screen.getByLabelText('Выполнить до');
    // Each change is what the browser reports after a keystroke: the text so far.
    for (const text of ['0', '01', '010', '01.03']) fireEvent.change(input, { target: { value: text } });
    expect(input).toHaveValue('01.03');
    expect(values.at(-1)).toBeNull();
    for (const text of ['01.032', '01.03.20', '01.03.202', '01.03.2026']) fireEvent.change(input, { target: { value: text } });
    expect(input).toHaveValue('01.03.2026');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-03-01');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('says in Russian that an impossible date does not exist, and gives no date', () => {
    render(<Controlled />);
    const input = screen.getByLabelText('Выполнить до');
    fireEvent.change(input, { target: { value: '31022026' } });
    expect(input).toHaveValue('31.02.2026');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Такой даты нет/);
    expect(screen.getByTestId('value')).toHaveTextContent('null');
  });

  it('refuses a real day outside 1900–2100 in the API’s words, and gives no date', () => {
    render(<Controlled />);
    const input = screen.getByLabelText('Выполнить до');
    for (const typed of ['01012101', '01011000', '01010001']) {
      fireEvent.change(input, { target: { value: typed } });
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(/Укажите дату с 1900 по 2100 год/);
      expect(screen.getByTestId('value')).toHaveTextContent('null');
    }
    fireEvent.change(input, { target: { value: '31122100' } });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('value')).toHaveTextContent('2100-12-31');
  });

  it('asks for the whole date when left incomplete, and gives "" when emptied', () => {
    render(<Controlled />);
    const input = screen.getByLabelText('Выполнить до');
    fireEvent.change(input, { target: { value: '1203' } });
    expect(input).toHaveValue('12.03');
    expect(input).not.toHaveAttribute('aria-invalid');
    fireEvent.blur(input);
    expect(screen.getByText('Введите дату полностью: дд.мм.гггг')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByTestId('value')).toHaveTextContent(/^$/);
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('reports an unfinished date when its form is submitted with Enter, without a blur', () => {
    render(
      <form onSubmit={(event) => event.preventDefault()}>
        <Controlled />
      </form>,
    );
    const input = screen.getByLabelText('Выполнить до');
    fireEvent.change(input, { target: { value: '1203' } });
    fireEvent.submit(input.closest('form')!);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Введите дату полностью/);
  });

  it('follows a value changed from outside, and takes a pasted ISO date', () => {
    render(<Controlled initial="2026-12-31" />);
    const input = screen.getByLabelText('Выполнить до');
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
    expect(input).toHaveValue('15.01.2027');
    fireEvent.change(input, { target: { value: '2028-02-29' } });
    expect(input).toHaveValue('29.02.2028');
    expect(screen.getByTestId('value')).toHaveTextContent('2028-02-29');
  });
});

describe('date helpers', () => {
  it('parse дд.мм.гггг against the calendar', () => {
    expect(parseRussianDate('29.02.2028')).toBe('2028-02-29');
    expect(parseRussianDate('29.02.2026')).toBeNull();
    expect(parseRussianDate('31.04.2026')).toBeNull();
    expect(parseRussianDate('00.01.2026')).toBeNull();
    expect(parseRussianDate('01.13.2026')).toBeNull();
    expect(parseRussianDate('1.1.2026')).toBeNull();
    expect(parseRussianDate('01.01.2101')).toBeNull();
    expect(parseRussianDate('31.12.1899')).toBeNull();
    expect(parseRussianDate('01.01.1900')).toBe('1900-01-01');
    expect(formatIsoDate('2026-03-01')).toBe('01.03.2026');
    expect(formatIsoDate('')).toBe('');
    expect(maskDate('12a3-4')).toBe('12.34');
    expect(maskDate('123456789')).toBe('12.34.5678');
  });

  // QA SSS-2: an edit inside the date made up another date and sent the caret to the end.
  describe('an edit inside the date', () => {
    function dateWithCaretAt(caret: number, end = caret) {
      render(<Controlled initial="2026-12-15" />);
      const input = screen.getByLabelText<HTMLInputElement>('Выполнить до');
      input.focus();
      input.setSelectionRange(caret, end);
      return input;
    }

    it('Backspace takes one digit and keeps the caret there, so the month is typed again in its place', () => {
      const input = dateWithCaretAt(5);
      press(input, 'Backspace');
      // Not 15.01.2026: the month's 1 is no month of one digit closed by a typed dot.
      expect(input).toHaveValue('15.12.026');
      expect(input.selectionStart).toBe(4);
      expect(screen.getByTestId('value')).toHaveTextContent('null');
      typeOver(input, '1');
      expect(input).toHaveValue('15.11.2026');
      expect(input.selectionStart).toBe(5);
      expect(screen.getByTestId('value')).toHaveTextContent('2026-11-15');
    });

    it('a day typed over the selected one takes its place digit by digit', () => {
      const input = dateWithCaretAt(0, 2);
      typeOver(input, '2');
      expect(input).toHaveValue('21.22.026');
      expect(input.selectionStart).toBe(1);
      typeOver(input, '8');
      expect(input).toHaveValue('28.12.2026');
      expect(screen.getByTestId('value')).toHaveTextContent('2026-12-28');
    });

    it('Backspace after a dot, or Delete before one, takes the digit beyond it, on a physical and an on-screen keyboard', () => {
      const input = dateWithCaretAt(3);
      press(input, 'Backspace');
      expect(input).toHaveValue('11.22.026');
      expect(input.selectionStart).toBe(1);
      typeOver(input, '5');
      expect(input).toHaveValue('15.12.2026');
      input.setSelectionRange(2, 2);
      pressOnScreen(input, 'Delete');
      expect(input).toHaveValue('15.22.026');
      expect(input.selectionStart).toBe(2);
    });

    it('«5.» typed over the selected day or month closes it with its zero, the rest kept, the caret past its dot (QA VVV-1)', () => {
      const input = dateWithCaretAt(0, 2);
      typeOver(input, '5');
      expect(input).toHaveValue('51.22.026');
      typeOver(input, '.');
      // Not 05.01.2202: the reflowed rest's dots are the mask's, no typed separator.
      expect(input).toHaveValue('05.12.2026');
      expect(input.selectionStart).toBe(3);
      expect(screen.getByTestId('value')).toHaveTextContent('2026-12-05');
      input.setSelectionRange(3, 5);
      typeOver(input, '6');
      typeOver(input, '.');
      expect(input).toHaveValue('05.06.2026');
      expect(input.selectionStart).toBe(6);
    });

    it('takes a separator typed or pasted as the end of a day or month before the caret, and digits alone otherwise', () => {
      expect(editedDate('5', '5.')).toEqual({ digits: '05', caretDigits: 2, separatorTyped: true });
      expect(editedDate('', '5.12.2026')).toEqual({ digits: '05122026', caretDigits: 8, separatorTyped: true });
      expect(editedDate('', '2026-12-31').digits).toBe('31122026');
      expect(editedDate('15.12.2026', '15.1.2026', 4)).toEqual({ digits: '1512026', caretDigits: 3, separatorTyped: false });
      expect(editedDate('15.12', '15.122')).toEqual({ digits: '15122', caretDigits: 5, separatorTyped: false });
      expect(editedDate('51.22.026', '5.1.22.026', 2)).toEqual({ digits: '05122026', caretDigits: 2, separatorTyped: true });
    });
  });

  it('pads a day or month of one digit closed by a typed separator, as typed key by key too', () => {
    expect(maskDate('5.12.2026')).toBe('05.12.2026');
    expect(maskDate('1.1.2027')).toBe('01.01.2027');
    expect(maskDate('05.1.2027')).toBe('05.01.2027');
    expect(maskDate('1/2/2027')).toBe('01.02.2027');
    // Key by key: «5», «.» → «05»; «1», «.» after the mask's own dot → «05.01».
    expect(maskDate('5')).toBe('5');
    expect(maskDate('5.')).toBe('05');
    expect(maskDate('05.1')).toBe('05.1');
    expect(maskDate('05.1.')).toBe('05.01');
    expect(maskDate('05.01.2')).toBe('05.01.2');
    // Two digits, or a year, are left as they are.
    expect(maskDate('31.12.2026')).toBe('31.12.2026');
    expect(maskDate('05.12.')).toBe('05.12');
  });
});
