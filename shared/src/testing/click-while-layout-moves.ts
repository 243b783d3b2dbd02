import { act, fireEvent, screen } from '@testing-library/react';

/**
 * A mouse click on `button` the way a browser runs it when the page moves during the press: the
 * press lands on the button and gives it the focus (unless its mousedown is cancelled), so a field
 * left for it blurs. If, meanwhile (a human press lasts ~100 ms), the text `shownAbove` appears (the
 * field's error shown on its blur), the button has moved down under a still pointer and the release
 * lands on that text instead: no click reaches the button, it is lost.
 */
export async function clickWhileLayoutMoves(button: HTMLElement, shownAbove: string | RegExp): Promise<void> {
  fireEvent.pointerDown(button);
  if (fireEvent.mouseDown(button)) act(() => button.focus());
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  const moved = screen.queryByText(shownAbove);
  fireEvent.pointerUp(moved ?? button);
  fireEvent.mouseUp(moved ?? button);
  // A click goes to the button only when the press and the release both landed on it.
  if (!moved) fireEvent.click(button);
}
