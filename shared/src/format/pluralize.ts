export type PluralForms = readonly [one: string, few: string, many: string];

/** Russian plural: 1 заявка, 2 заявки, 5 заявок, 11 заявок, 21 заявка; fractions take the 'few' form. */
export function pluralize(n: number, forms: PluralForms): string {
  if (!Number.isInteger(n)) return forms[1];
  const abs = Math.abs(n);
  const mod10 = abs % 10;
  const mod100 = abs % 100;
  if (mod10 === 1 && mod100 !== 11) return forms[0];
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return forms[1];
  return forms[2];
}
