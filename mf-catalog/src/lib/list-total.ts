import { groupDigits, LIST_TOTAL_CAP, pluralize, type PluralForms } from 'shared';

/** False only when the answer says its total is the cap, not a count (answers without the flag are exact). */
export function isTotalExact(data: { totalExact?: boolean } | undefined): boolean {
  return data?.totalExact !== false;
}

/** «больше 10 000 заявок» (digits grouped with U+00A0, the same on the server and in the browser). */
export function moreThanCapText(forms: PluralForms): string {
  return `больше ${groupDigits(String(LIST_TOTAL_CAP))} ${pluralize(LIST_TOTAL_CAP, forms)}`;
}
