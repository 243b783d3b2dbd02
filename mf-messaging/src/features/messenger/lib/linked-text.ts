/** A piece of a message's text: words as they are, or a web address to open. */
export type TextPart = { text: string } | { href: string; text: string };

// http(s) addresses only: a `javascript:` or `data:` one written in a message stays words. An
// address ends at a space or at a bracket or quote that cannot be in one written by hand.
const ADDRESS = /https?:\/\/[^\s<>"«»]+/giu;
// What closes the sentence around an address rather than the address itself.
const TRAILING = /[.,;:!?…]+$/u;

/** Drops a closing bracket the address did not open: «(см. https://example.ru/a)». */
function trimBracket(address: string): string {
  if (!address.endsWith(')')) return address;
  const opened = address.split('(').length - 1;
  const closed = address.split(')').length - 1;
  return closed > opened ? address.slice(0, -1) : address;
}

/** The text with its http(s) addresses as links, the rest (line breaks too) as it was written. */
export function linkedText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(ADDRESS)) {
    let address = match[0];
    // A sentence's stop and a bracket around the address, until neither is left at its end.
    for (let before = ''; before !== address; ) {
      before = address;
      address = trimBracket(address.replace(TRAILING, ''));
    }
    if (address.length <= 'https://'.length) continue;
    const at = match.index;
    if (at > from) parts.push({ text: text.slice(from, at) });
    parts.push({ href: address, text: address });
    from = at + address.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}
