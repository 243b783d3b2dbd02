/**
 * The second press of a double click that lands on another element than its first is dropped.
 * The first press can move the page under the pointer — a submit refused by its form's check
 * scrolls to the first invalid field — and the second, meant for the same button, then ticked or
 * unticked whatever checkbox had come under it, and the draft saved that unseen (QA AAP-3).
 * A double click on one element (a word selected, a button pressed twice) goes on as before.
 * Pressed elements are compared at `mousedown`, which a label's click on its input never makes.
 */
export function guardDoubleClickTail(doc: Document = document): () => void {
  let first: Node | null = null;
  let dropping = false;
  const related = (a: Node, b: Node) => a === b || a.contains(b) || b.contains(a);
  const onMouseDown = (event: MouseEvent) => {
    const target = event.target instanceof Node ? event.target : null;
    if (event.detail <= 1 || !target) {
      first = target;
      dropping = false;
      return;
    }
    dropping = first !== null && !related(first, target);
    if (dropping) event.preventDefault();
  };
  const onClick = (event: MouseEvent) => {
    if (!dropping || event.detail < 2) return;
    event.preventDefault();
    event.stopPropagation();
  };
  doc.addEventListener('mousedown', onMouseDown, true);
  doc.addEventListener('click', onClick, true);
  return () => {
    doc.removeEventListener('mousedown', onMouseDown, true);
    doc.removeEventListener('click', onClick, true);
  };
}
