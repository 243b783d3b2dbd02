import { useEffect, useId, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { DATE_IMPOSSIBLE_MESSAGE, DATE_YEARS_MESSAGE, isCalendarDate, isWithinDateYears } from '../contract/text';
import { caretAfterDigits, digitDeleteCaret } from '../format/digit-caret';
import { FIELD_OWN_REFUSAL } from './field-refusal';
import { TextField, type TextFieldProps } from './text-field';
import { useDigitDelete } from './use-digit-delete';
import { useMergedRef } from './use-merged-ref';

export const DATE_PLACEHOLDER = 'дд.мм.гггг';
export const DATE_INCOMPLETE_MESSAGE = 'Введите дату полностью: дд.мм.гггг';
export { DATE_IMPOSSIBLE_MESSAGE };

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Digits typed so far as `дд.мм.гггг`; dots are placed by the mask. A day or month of one digit
 * closed by a typed separator (`5.12.2026`, `1/1/2027`) takes its leading zero: dropped with the
 * separator, its digits ran into the next part (`51.22.026`).
 */
export function maskDate(input: string): string {
  const iso = ISO.exec(input.trim());
  if (iso) return `${iso[3]}.${iso[2]}.${iso[1]}`;
  const parts = input.split(/[.,/\s-]/);
  const padded = parts.map((part, i) => {
    const digits = part.replace(/\D/g, '');
    return i < 2 && i < parts.length - 1 && digits.length === 1 ? `0${digits}` : digits;
  });
  const digits = padded.join('').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}.${digits.slice(2)}`;
  return `${digits.slice(0, 2)}.${digits.slice(2, 4)}.${digits.slice(4)}`;
}

/**
 * An edit of a date's text from `before` to `after`, the caret at `caret` after it: the digits the
 * mask should take (`digits`) and how many of them stand before the caret (`caretDigits`).
 *
 * Only the text up to the caret takes what a separator typed or pasted there says, a one-digit day
 * or month closed by it taking its zero («5.» → «05», «5.12.2026» → «05.12.2026»); the rest after
 * the caret gives its digits alone, its dots being the mask's. A digit deleted or typed inside a
 * date leaves a one-digit month beside a dot the mask had placed, no typed separator: padded,
 * «31.1.2026» made up 31.01.2026 (QA SSS-2); «5.» typed over the day of 31.12.2026 padded the
 * reflowed rest's month too, 05.01.2202 (QA VVV-1).
 */
export function editedDate(before: string, after: string, caret = after.length): { digits: string; caretDigits: number; separatorTyped: boolean } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  const separatorTyped = /\D/.test(after.slice(start, after.length - end));
  const head = after.slice(0, caret);
  const headDigits = (separatorTyped ? maskDate(head) : head).replace(/\D/g, '');
  return { digits: headDigits + after.slice(caret).replace(/\D/g, ''), caretDigits: headDigits.length, separatorTyped };
}

/** `дд.мм.гггг` of a day the calendar has, as ISO `YYYY-MM-DD`, whatever its year; null otherwise. */
function calendarDay(text: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isCalendarDate(iso) ? iso : null;
}

/**
 * `дд.мм.гггг` → ISO `YYYY-MM-DD`; null for an incomplete text, a day the calendar lacks, or a
 * year the API does not take (DATE_YEAR_MIN–DATE_YEAR_MAX: a filter with 2101 failed the list).
 */
export function parseRussianDate(text: string): string | null {
  const day = calendarDay(text);
  return day && isWithinDateYears(day) ? day : null;
}

/** What is wrong with a whole `дд.мм.гггг` text, in the field's words; undefined for a good date. */
function completeTextProblem(text: string): string | undefined {
  const day = calendarDay(text);
  if (!day) return DATE_IMPOSSIBLE_MESSAGE;
  return isWithinDateYears(day) ? undefined : DATE_YEARS_MESSAGE;
}

/** ISO `YYYY-MM-DD` → `дд.мм.гггг`; anything else → ''. */
export function formatIsoDate(iso: string | null | undefined): string {
  const match = ISO.exec(iso ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

export interface DateInputProps
  extends Omit<TextFieldProps, 'type' | 'value' | 'defaultValue' | 'onChange' | 'inputMode' | 'placeholder'> {
  /** ISO `YYYY-MM-DD`, '' for no date; null while the text is not a date (what onChange gave). */
  value: string | null;
  /** ISO when the text is a real date, '' when emptied, null while incomplete or impossible. */
  onChange: (value: string | null) => void;
}

/**
 * A date typed as `дд.мм.гггг` whatever the browser's language (a native `type="date"` follows
 * the browser's locale, `mm/dd/yyyy` in English); URLs and the API keep ISO dates.
 */
export function DateInput({ value, onChange, onBlur, onKeyDown, error, id, ref, 'aria-describedby': describedBy, ...rest }: DateInputProps) {
  const autoId = useId();
  const inputId = id ?? `date${autoId}`;
  const formatId = `${inputId}-format`;
  const [text, setText] = useState(() => formatIsoDate(value));
  // The value last seen or given: a different one from outside (a reset, a URL) replaces the text.
  const [synced, setSynced] = useState(value);
  const [touched, setTouched] = useState(false);
  if (value !== synced) {
    setSynced(value);
    setText(formatIsoDate(value));
    setTouched(false);
  }

  // An unfinished date is reported on leaving the field or on submitting its form (Enter keeps
  // the focus in the field, so no blur comes), never while typing.
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const onSubmit = () => setTouched(true);
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, []);
  const mergedRef = useMergedRef(input, ref);
  // Backspace after a dot, or Delete before one, takes the digit beyond it (useDigitDelete).
  const { inputRef: setRef, handleKeyDown } = useDigitDelete(mergedRef, digitDeleteCaret, onKeyDown);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.target;
    const raw = field.value;
    const caret = field.selectionStart ?? raw.length;
    const edit = editedDate(text, raw, caret);
    const next = maskDate(edit.digits);
    const parsed = next === '' ? '' : parseRussianDate(next);
    // An edit inside the date keeps the caret after the same digits (QA SSS-2: it went to the end),
    // past the dot a typed separator stands for; typing at the end stays at the end. The text is set
    // here first, so React leaves the caret be.
    if (caret < raw.length && field.ownerDocument.activeElement === field) {
      field.value = next;
      let position = caretAfterDigits(next, edit.caretDigits);
      if (edit.separatorTyped && next[position] === '.') position += 1;
      field.setSelectionRange(position, position);
    }
    setText(next);
    setSynced(parsed);
    onChange(parsed);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setTouched(true);
    onBlur?.(event);
  };

  const complete = text.length === 10;
  // What is wrong with the text itself, were the form submitted now; shown once it is complete or left.
  const textProblem = text === '' ? undefined : complete ? completeTextProblem(text) : DATE_INCOMPLETE_MESSAGE;
  const ownError = complete || touched ? textProblem : undefined;

  return (
    <>
      <TextField
        autoComplete="off"
        {...rest}
        ref={setRef}
        id={inputId}
        type="text"
        inputMode="numeric"
        placeholder={DATE_PLACEHOLDER}
        maxLength={10}
        value={text}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        onBlur={handleBlur}
        // What the field itself sees wrong in its text comes first: the form's schema only sees
        // «no date» there, and an error from an earlier submit is about an earlier date.
        error={ownError ?? error}
        aria-describedby={[describedBy, formatId].filter(Boolean).join(' ')}
        // A refusal of the form while the focus stays here (Enter) is said in these words, the ones
        // the field shows, not the form's «Укажите …», which only sees no date (useFieldRefusal).
        {...{ [FIELD_OWN_REFUSAL]: textProblem }}
      />
      {/* A paragraph: a span's text ran into the next field's label for a screen reader browsing. */}
      <p id={formatId} className="ui-visually-hidden">
        Формат даты: день, месяц, год, например 31.12.2026
      </p>
    </>
  );
}
