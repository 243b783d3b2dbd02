/**
 * Where the focus goes when the control that had it is gone (a dialog's opener deleted with its
 * row, the last filter chip removed): the page's heading, else its main landmark, rather than the
 * document's body, from where a keyboard or screen-reader user would start again at the top.
 */
export function focusPageStart(doc: Document = document): void {
  const target = doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('main');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
