/**
 * A server-rendered page can be typed into before it is hydrated: the browser keeps what the
 * visitor typed or chose, but React was not listening yet, so its state (a filter's text, the
 * sort) still holds the server's value and nothing reacts to it — the city box shows «Санкт»
 * and offers nothing. Once the page is hydrated, every form control whose value differs from
 * the one the server rendered gets the event a browser would have sent, so React's `onChange`
 * sees the change as if it had been typed then.
 */
import { useEffect, type ReactNode } from 'react';

type Setter = (this: HTMLElement, value: unknown) => void;

/** The element's own property setter, past React's value tracker (which wraps the instance's). */
function nativeValueSetter(element: HTMLElement): Setter | undefined {
  return Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, 'value')?.set as Setter | undefined;
}

const UNREPLAYABLE = new Set(['file', 'hidden', 'submit', 'reset', 'button', 'image']);

function replayInput(element: HTMLInputElement | HTMLTextAreaElement): boolean {
  if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
    if (element.checked === element.defaultChecked) return false;
    // In a radio group the newly checked one carries the change; touching the one the visitor
    // left would check it again and undo the choice.
    if (element.type === 'radio' && !element.checked) return false;
    // Back to what React rendered (its tracker too), then the visitor's click again: React sees
    // a real toggle.
    element.checked = element.defaultChecked;
    element.click();
    return true;
  }
  if (element instanceof HTMLInputElement && UNREPLAYABLE.has(element.type)) return false;
  const typed = element.value;
  if (typed === element.defaultValue) return false;
  // React ignores an input event whose value its tracker already holds: the tracker is told the
  // rendered value, the element gets the typed one behind its back, then the event.
  element.value = element.defaultValue;
  nativeValueSetter(element)?.call(element, typed);
  element.dispatchEvent(new Event('input', { bubbles: true }));
  return true;
}

function replaySelect(element: HTMLSelectElement): boolean {
  if (![...element.options].some((option) => option.selected !== option.defaultSelected)) return false;
  element.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}

/** Hands React the changes made in `root`'s form controls before hydration; returns how many. */
export function replayEarlyInput(root: ParentNode): number {
  let replayed = 0;
  for (const element of root.querySelectorAll('input, textarea, select')) {
    if (element instanceof HTMLSelectElement) replayed += Number(replaySelect(element));
    else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) replayed += Number(replayInput(element));
  }
  return replayed;
}

/**
 * Wraps the hydrated tree: its effect runs once the whole tree below has been committed (a
 * parent's effects run after its children's), and hands React what was typed meanwhile.
 */
export function EarlyInputReplay({ container, children }: { container: ParentNode; children: ReactNode }) {
  useEffect(() => {
    replayEarlyInput(container);
  }, [container]);
  return children;
}
