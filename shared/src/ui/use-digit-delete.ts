import { useCallback, type KeyboardEvent, type Ref } from 'react';

/** Where Delete (`forward`) or Backspace should act in a masked field's value (digitDeleteCaret). */
export type DeleteCaret = (value: string, caret: number, forward: boolean) => number;

function moveCaretToDigit(input: HTMLInputElement, forward: boolean, deleteCaret: DeleteCaret) {
  const caret = input.selectionStart;
  if (caret === null || caret !== input.selectionEnd) return;
  const position = deleteCaret(input.value, caret, forward);
  input.setSelectionRange(position, position);
}

const DELETE_FORWARD: Record<string, boolean | undefined> = { deleteContentBackward: false, deleteContentForward: true };

/**
 * Backspace after a separator of a masked field, or Delete before one, takes the digit beyond it:
 * the caret goes to the digit first, and the browser deletes at the caret as it stands once the
 * `keydown` handlers have run. On-screen keyboards send no Backspace or Delete `keydown` (its key
 * is 'Unidentified'), only the `beforeinput` of the deletion, which React does not expose: the ref
 * listens to it. Returns the field's ref and its `onKeyDown`.
 */
export function useDigitDelete(ref: Ref<HTMLInputElement> | undefined, deleteCaret: DeleteCaret, onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void) {
  const inputRef = useCallback(
    (input: HTMLInputElement | null) => {
      let cleanup: unknown;
      if (typeof ref === 'function') cleanup = ref(input);
      else if (ref) ref.current = input;
      if (!input) return undefined;
      const onBeforeInput = (event: InputEvent) => {
        const forward = DELETE_FORWARD[event.inputType];
        if (forward !== undefined) moveCaretToDigit(input, forward, deleteCaret);
      };
      input.addEventListener('beforeinput', onBeforeInput);
      return () => {
        input.removeEventListener('beforeinput', onBeforeInput);
        if (typeof cleanup === 'function') cleanup();
        else if (typeof ref === 'function') ref(null);
        else if (ref) ref.current = null;
      };
    },
    [ref, deleteCaret],
  );
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Delete' || event.key === 'Backspace') moveCaretToDigit(event.currentTarget, event.key === 'Delete', deleteCaret);
    onKeyDown?.(event);
  };
  return { inputRef, handleKeyDown };
}
