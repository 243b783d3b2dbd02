import { useCallback, type ChangeEvent, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { isWholePhone, phoneDeleteCaret, phoneMask, phoneMaskCaret } from '../format/phone';
import { TextField, type TextFieldProps } from './text-field';

export const PHONE_PLACEHOLDER = '+7 (999) 123-45-67';

export type PhoneInputProps = Omit<TextFieldProps, 'type'>;

/** Delete (`forward`) or Backspace with the caret in the field: see `handleKeyDown`. */
function moveCaretToDigit(input: HTMLInputElement, forward: boolean) {
  const caret = input.selectionStart;
  if (caret === null || caret !== input.selectionEnd) return;
  const position = phoneDeleteCaret(input.value, caret, forward);
  input.setSelectionRange(position, position);
}

const DELETE_FORWARD: Record<string, boolean | undefined> = { deleteContentBackward: false, deleteContentForward: true };

/**
 * On-screen keyboards send no Backspace or Delete `keydown` (its key is 'Unidentified'), only the
 * `beforeinput` of the deletion, which React does not expose: the caret moves there, as the
 * browser deletes at the caret as it stands once the `beforeinput` handlers have run.
 */
function useDeleteCaretRef(ref: Ref<HTMLInputElement> | undefined) {
  return useCallback(
    (input: HTMLInputElement | null) => {
      let cleanup: unknown;
      if (typeof ref === 'function') cleanup = ref(input);
      else if (ref) ref.current = input;
      if (!input) return undefined;
      const onBeforeInput = (event: InputEvent) => {
        const forward = DELETE_FORWARD[event.inputType];
        if (forward !== undefined) moveCaretToDigit(input, forward);
      };
      input.addEventListener('beforeinput', onBeforeInput);
      return () => {
        input.removeEventListener('beforeinput', onBeforeInput);
        if (typeof cleanup === 'function') cleanup();
        else if (typeof ref === 'function') ref(null);
        else if (ref) ref.current = null;
      };
    },
    [ref],
  );
}

/** A phone field masked as '+7 (999) 123-45-67' while typing; the contract's phoneSchema normalises it. */
export function PhoneInput({
  onChange,
  onKeyDown,
  onPaste,
  placeholder = PHONE_PLACEHOLDER,
  ref,
  ...rest
}: PhoneInputProps) {
  const inputRef = useDeleteCaretRef(ref);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const raw = input.value;
    const caret = input.selectionStart;
    const masked = phoneMask(raw);
    input.value = masked;
    // An edit inside the number keeps the caret there; typing at the end stays at the end.
    if (caret !== null && caret < raw.length && input.ownerDocument.activeElement === input) {
      const position = phoneMaskCaret(raw, caret, masked);
      input.setSelectionRange(position, position);
    }
    onChange?.(event);
  };
  // A whole number pasted takes the field's place: after the «+7» the field shows (typed, or left
  // by Backspace) its digits would follow that 7, '+7' and '8 999 123-45-67' making +7 (899) 912-34-56.
  // The browser pastes over the selection as it stands once the `paste` handlers have run.
  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (isWholePhone(event.clipboardData.getData('text/plain'))) {
      const input = event.currentTarget;
      input.setSelectionRange(0, input.value.length);
    }
    onPaste?.(event);
  };
  // Delete before a separator, or Backspace after one, takes the digit beyond it (the mask would put
  // the separator back, and Delete would stay where it is): the caret goes to the digit first, and the
  // browser deletes at the caret as it stands once the `keydown` handlers have run.
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Delete' || event.key === 'Backspace') moveCaretToDigit(event.currentTarget, event.key === 'Delete');
    onKeyDown?.(event);
  };
  return (
    <TextField
      autoComplete="tel"
      inputMode="tel"
      {...rest}
      ref={inputRef}
      type="tel"
      placeholder={placeholder}
      onChange={handleChange}
      onPaste={handlePaste}
      onKeyDown={handleKeyDown}
    />
  );
}
