import { fireEvent, waitFor } from '@testing-library/react';

/**
 * A double click whose two clicks both land before `button` is drawn busy; resolves once it shows
 * busy (a loading Button), still enabled and still holding the focus the first click gave it.
 */
export async function doubleClickBeforeBusy(button: HTMLElement): Promise<void> {
  button.focus();
  fireEvent.click(button);
  fireEvent.click(button);
  await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
  expect(button).toBeEnabled();
  expect(button).toHaveFocus();
}
