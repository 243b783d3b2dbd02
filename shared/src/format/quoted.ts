/**
 * A name set off in «ёлочки», as Russian text names an organisation or a document; a name that
 * carries its own quotes (ООО «Ромашка») stands as it is, so they do not double («ООО «Ромашка»»).
 */
export function quoted(name: string): string {
  return /[«»"„“]/.test(name) ? name : `«${name}»`;
}
