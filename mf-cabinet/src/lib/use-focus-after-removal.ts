import { useCallback, useEffect, useState } from 'react';

/** Marks a row's removing control («Удалить», «Исключить»), so that its neighbours' can be found. */
export function removeControl(kind: string, key: number | string) {
  return { 'data-removes': kind, 'data-row-key': String(key) };
}

/**
 * Marks where the focus goes once no row is left: the list's «add» control, or its empty state
 * (then give it `tabIndex={-1}`).
 */
export function removalFallback(kind: string) {
  return { 'data-removal-fallback': kind };
}

const removeControls = (kind: string) => [...document.querySelectorAll<HTMLElement>(`[data-removes="${kind}"]`)];

interface Removal {
  key: string;
  /** The other rows' keys, nearest first: the ones after the removed row, then the ones before it. */
  neighbours: string[];
}

/**
 * Where the focus goes once a row removed through its control (and a confirmation) is gone: to
 * the same control of the next row, else of the row before, else to the list's fallback (its «add»
 * control or its empty state). Without it the dialog, its opener gone with the row, gave the focus
 * to the page's start, and a keyboard user began again from the top.
 *
 * Returns `prepare(key)`, to call as the removal starts, while the row is still there; it gives the
 * function to call once the removal is done. The focus moves once the row is gone and `settled`
 * (the dialog closed, when it is not the row's own), after the dialog's own fallback has run.
 */
export function useFocusAfterRemoval(kind: string, settled = true): (key: number | string) => () => void {
  const [removal, setRemoval] = useState<Removal | null>(null);

  // After every render: the row may go in a later one than the one that set `removal`.
  useEffect(() => {
    if (!removal || !settled) return;
    const controls = removeControls(kind);
    if (controls.some((control) => control.dataset.rowKey === removal.key)) return;
    setRemoval(null);
    const enabled = controls.filter((control) => !control.matches(':disabled'));
    const next = removal.neighbours.map((key) => enabled.find((control) => control.dataset.rowKey === key)).find(Boolean);
    (next ?? document.querySelector<HTMLElement>(`[data-removal-fallback="${kind}"]`))?.focus();
  });

  return useCallback(
    (key: number | string) => {
      const keys = removeControls(kind).map((control) => control.dataset.rowKey ?? '');
      const index = keys.indexOf(String(key));
      const neighbours = index < 0 ? [] : [...keys.slice(index + 1), ...keys.slice(0, index).reverse()];
      return () => setRemoval({ key: String(key), neighbours });
    },
    [kind],
  );
}
