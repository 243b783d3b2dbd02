import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * What the requisite fields (organisation, bank requisite) take out of a typed or pasted number:
 * the spaces and dashes it is printed with («5001 0073 2259», «3047-7000-…»). An extra digit or a
 * letter stays in the field for the check to refuse where it is seen: cut or dropped without a
 * word, a 13-digit ИНН pasted was saved as its first 12 when they passed the check (QA AAX-3).
 */
const SEPARATORS = /[\s\u00A0\u202F\-\u2010-\u2015]/g;

/** The fields so masked: digits, but a KPP's places 5–6 may be capital Latin letters. */
export type RequisiteMask = 'inn' | 'kpp' | 'ogrn' | 'bic' | 'correspondentAccount' | 'account';

/** Cyrillic capitals that look like the Latin ones a KPP may hold: typed on the Russian layout, they are those (QA M-7). */
const LATIN_LOOKALIKES: Record<string, string> = { А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X' };

/**
 * The value as the number's field keeps it. Full-width digits («７７０７…», from some keyboards and
 * PDFs) are the digits they are (NFKC); in a KPP, letters are capitals and a Cyrillic look-alike is
 * its Latin letter.
 */
export function maskRequisite(mask: RequisiteMask, value: string): string {
  const number = value.normalize('NFKC').replace(SEPARATORS, '');
  if (mask !== 'kpp') return number;
  return number.toUpperCase().replace(/[АВЕКМНОРСТУХ]/g, (letter) => LATIN_LOOKALIKES[letter] ?? letter);
}

/**
 * A registered field whose input goes through the mask before react-hook-form reads it; `after`
 * runs on each change (a new ИНН makes a lookup stale). No `maxLength`: it would cut a pasted
 * "5001 0073 2259" (as printed) by its characters, digits lost, and an extra digit without a word.
 */
export function maskedField<N extends string>(
  registered: UseFormRegisterReturn<N>,
  mask: RequisiteMask,
  after?: () => void,
): UseFormRegisterReturn<N> & { inputMode: 'numeric' | 'text' } {
  return {
    ...registered,
    inputMode: mask === 'kpp' ? 'text' : 'numeric',
    onChange: (event) => {
      const input: unknown = event.target;
      if (input instanceof HTMLInputElement) {
        const raw = input.value;
        const caret = input.selectionStart;
        const masked = maskRequisite(mask, raw);
        if (masked !== raw) {
          input.value = masked;
          // An edit inside the number keeps the caret after what was typed (QA AAY-1: a space or a
          // KPP letter typed in the middle sent it to the end); the mask keeps a prefix's length.
          if (caret !== null && caret < raw.length && input.ownerDocument.activeElement === input) {
            const position = maskRequisite(mask, raw.slice(0, caret)).length;
            input.setSelectionRange(position, position);
          }
        }
      }
      after?.();
      return registered.onChange(event);
    },
  };
}
