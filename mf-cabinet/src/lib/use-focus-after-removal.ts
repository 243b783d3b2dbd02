import { useCallback, useEffect, useState } from 'react';
import { focusLost } from 'shared';

/** Marks a row's removing control («Удалить», «Исключить», «Отозвать», an addition's «Добавить»), so that its neighbours' can be found. */
export function removeControl(kind: string, key: number | string) {
  return { 'data-removes': kind, 'data-row-key': String(key) };
}

/**
 * Marks where the focus goes once no row is left: the list's «add» control, its heading or its
 * empty state (then give it `tabIndex={-1}`).
 */
export function removalFallback(kind: string) {
  return { 'data-removal-fallback': kind };
}

const removeControls = (kind: string) => [...document.querySelectorAll<HTMLElement>(`[data-removes="${kind}"]`)];

export interface FocusAfterRemovalOptions {
  /**
   * False while something else has the focus's say: the confirmation dialog still open, the list
   * asked again after a refusal. The focus waits for it. True by default.
   */
  settled?: boolean;
  /**
   * The focus moves only if it fell to the page meanwhile: for a control that acts in place (no
   * dialog), whose user may have gone on elsewhere while it ran.
   */
  onlyIfLost?: boolean;
  /** Focuses where the focus goes once no row is left, when that cannot carry `removalFallback` (the page's start, a shared component's field). */
  fallback?: () => void;
}

/** Called once the removal is done; `'failed'` when it was refused, and the row may stay. */
export type RemovalDone = (outcome?: 'removed' | 'failed') => void;

interface Removal {
  key: string;
  /** The other rows' keys, nearest first: the ones after the removed row, then the ones before it. */
  neighbours: string[];
  failed: boolean;
}

/**
 * Where the focus goes once a row removed through its control (and a confirmation, or in place) is
 * gone: to the same control of the next row, else of the row before, else to the list's fallback
 * (its «add» control, its heading or its empty state). Without it the dialog, its opener gone with
 * the row, gave the focus to the page's start, and a keyboard user began again from the top; a
 * control pressed in place left it on the body.
 *
 * Returns `prepare(key)`, to call as the removal starts, while the row is still there; it gives the
 * function to call once the removal is done. The focus moves once the row is gone and `settled`,
 * after the dialog's own fallback has run. A refused removal gives the focus back to the row's own
 * control if the row is still there once settled, else it goes on as after a removal.
 */
export function useFocusAfterRemoval(kind: string, { settled = true, onlyIfLost = false, fallback }: FocusAfterRemovalOptions = {}): (key: number | string) => RemovalDone {
  const [removal, setRemoval] = useState<Removal | null>(null);

  // After every render: the row may go in a later one than the one that set `removal`.
  useEffect(() => {
    if (!removal || !settled) return;
    const controls = removeControls(kind);
    const own = controls.find((control) => control.dataset.rowKey === removal.key);
    if (own && !removal.failed) return;
    setRemoval(null);
    if (onlyIfLost && !focusLost()) return;
    if (own) {
      own.focus();
      return;
    }
    const enabled = controls.filter((control) => !control.matches(':disabled'));
    const next = removal.neighbours.map((key) => enabled.find((control) => control.dataset.rowKey === key)).find(Boolean);
    if (next) next.focus();
    else if (fallback) fallback();
    else document.querySelector<HTMLElement>(`[data-removal-fallback="${kind}"]`)?.focus();
  });

  return useCallback(
    (key: number | string) => {
      const keys = removeControls(kind).map((control) => control.dataset.rowKey ?? '');
      const index = keys.indexOf(String(key));
      const neighbours = index < 0 ? [] : [...keys.slice(index + 1), ...keys.slice(0, index).reverse()];
      return (outcome = 'removed') => setRemoval({ key: String(key), neighbours, failed: outcome === 'failed' });
    },
    [kind],
  );
}
