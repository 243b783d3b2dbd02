/** Intl separates digit groups with U+00A0 or U+202F depending on the ICU build; we always use U+00A0. */
export const NBSP = '\u00A0';

export function normalizeSpaces(text: string): string {
  return text.replace(/[\u00A0\u202F\u2009 ]/g, NBSP);
}
