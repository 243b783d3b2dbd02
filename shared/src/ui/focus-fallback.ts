/**
 * Whether the focus has fallen out of every element — to the document's body (or nowhere): the
 * control that had it was removed, disabled or hidden, and nobody has placed it since. The one test
 * for «may we move the focus» where a component puts it somewhere sensible only if it is lost.
 */
export function focusLost(doc: Document = document): boolean {
  const active = doc.activeElement;
  return !active || active === doc.body || active === doc.documentElement;
}

/**
 * Where the focus goes when the control that had it is gone (a dialog's opener deleted with its
 * row, the last filter chip removed): the page's heading, else its main landmark, rather than the
 * document's body, from where a keyboard or screen-reader user would start again at the top. A
 * heading scrolled out of view is brought into it, or a sighted keyboard user saw the focus nowhere
 * (QA FFF-1); `keepScroll` for a page's landing, whose scroll the router restores.
 */
export function focusPageStart(doc: Document = document, { keepScroll = false }: { keepScroll?: boolean } = {}): void {
  const target = doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('main');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  if (keepScroll) return;
  const { top, bottom } = target.getBoundingClientRect();
  if (top < 0 || bottom > (doc.defaultView?.innerHeight ?? Infinity)) target.scrollIntoView?.({ block: 'nearest' });
}

/**
 * The control that shows the collapsed menu or panel `element` stands in (`aria-controls` naming
 * an ancestor, `aria-expanded="false"`): the way a keyboard user came to `element`, and the place
 * to come back to while it is hidden (a dialog opened from a phone's menu, which closed meanwhile).
 */
export function collapsedControlOf(element: HTMLElement, doc: Document = document): HTMLElement | null {
  for (const control of doc.querySelectorAll<HTMLElement>('[aria-controls][aria-expanded="false"]')) {
    const ids = control.getAttribute('aria-controls')!.split(/\s+/);
    if (ids.some((id) => id && doc.getElementById(id)?.contains(element))) return control;
  }
  return null;
}
