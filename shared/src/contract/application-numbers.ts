/** How many applications a refusal names by number; the rest it counts. */
export const NAMED_APPLICATIONS_SHOWN = 5;

/**
 * The applications a refusal is about, by number: «заявка № 10074», «заявки № 1, 2, 3, 4, 5 и ещё 3»
 * (the first NAMED_APPLICATIONS_SHOWN of `total`); empty without any.
 */
export function applicationNumbersText(numbers: readonly number[], total: number): string {
  const shown = numbers.slice(0, NAMED_APPLICATIONS_SHOWN);
  if (shown.length === 0) return '';
  const more = total > shown.length ? ` и ещё ${total - shown.length}` : '';
  return `${total === 1 ? 'заявка' : 'заявки'} № ${shown.join(', ')}${more}`;
}
