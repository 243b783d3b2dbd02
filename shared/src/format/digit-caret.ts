/**
 * The caret of a field whose mask places separators between typed digits (a phone, a date): after
 * a change it stays after the same digits, and Backspace or Delete next to a separator takes the
 * digit beyond it (the mask would put the separator back, and Delete would never get anywhere).
 */

/** The position just after the `count`-th digit of `masked` (0: its start). */
export function caretAfterDigits(masked: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i += 1) {
    if (/\d/.test(masked[i]!)) {
      seen += 1;
      if (seen === count) return i + 1;
    }
  }
  return masked.length;
}

/**
 * Where Delete (`forward`) or Backspace should act in the masked `value` so that it takes a digit:
 * past the separators next to the caret, but not to a digit before `firstDigit` (the 7 of «+7»).
 */
export function digitDeleteCaret(value: string, caret: number, forward: boolean, firstDigit = 0): number {
  let position = caret;
  if (forward) while (position < value.length && /\D/.test(value[position]!)) position += 1;
  else while (position > 0 && /\D/.test(value[position - 1]!)) position -= 1;
  const digit = forward ? position : position - 1;
  return digit >= firstDigit && digit < value.length ? position : caret;
}
