import { fireEvent, waitFor } from '@testing-library/react';
import type { FakeAnswer } from './fake-api';

/**
 * A call that fails until «Повторить» is pressed, whose next answer then waits: for a retry seen
 * in place (shared `useQueryRetry`) before its answer comes.
 */
export function failsUntilRetried(failure: () => FakeAnswer, answer: () => FakeAnswer) {
  let failing = true;
  const held: Array<() => void> = [];
  return {
    handler: (): FakeAnswer | Promise<FakeAnswer> => (failing ? failure() : new Promise((resolve) => held.push(() => resolve(answer())))),
    /**
     * «Повторить» pressed from the keyboard (the focused button clicked); resolves once the call
     * asked again waits: the button is still there, busy, and keeps the focus (no skeleton took its
     * place, the focus did not fall to the body).
     */
    async retry(button: HTMLElement): Promise<void> {
      failing = false;
      button.focus();
      fireEvent.click(button);
      await waitFor(() => expect(held).toHaveLength(1));
      expect(button).toBeInTheDocument();
      expect(button).toHaveAttribute('aria-busy', 'true');
      expect(button).toHaveFocus();
    },
    /** The call asked again answers. */
    answer(): void {
      held.shift()!();
    },
  };
}
