import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * Masks of the requisite fields (organisation, bank requisite): digits only — the KPP's places 5–6
 * may be capital Latin letters — cut to the number's longest length (ИНН: a company's 10 or an
 * entrepreneur's 12; ОГРН: 13, an entrepreneur's 15).
 */
export const REQUISITE_MASKS = {
  inn: { max: 12, drop: /\D/g },
  kpp: { max: 9, drop: /[^\dA-Z]/g },
  ogrn: { max: 15, drop: /\D/g },
  bic: { max: 9, drop: /\D/g },
  correspondentAccount: { max: 20, drop: /\D/g },
  account: { max: 20, drop: /\D/g },
} as const;
export type RequisiteMask = keyof typeof REQUISITE_MASKS;

/** Cyrillic capitals that look like the Latin ones a KPP may hold: typed on the Russian layout, they are those (QA M-7). */
const LATIN_LOOKALIKES: Record<string, string> = { А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X' };

/**
 * The value as the number's field keeps it. Full-width digits («７７０７…», from some keyboards and
 * PDFs) are the digits they are (NFKC), not characters to drop; in a KPP, a Cyrillic look-alike is
 * its Latin letter.
 */
export function maskRequisite(mask: RequisiteMask, value: string): string {
  const { max, drop } = REQUISITE_MASKS[mask];
  const upper = value.normalize('NFKC').toUpperCase();
  const latin = mask === 'kpp' ? upper.replace(/[АВЕКМНОРСТУХ]/g, (letter) => LATIN_LOOKALIKES[letter] ?? letter) : upper;
  return latin.replace(drop, '').slice(0, max);
}

/**
 * A registered field whose input goes through the mask before react-hook-form reads it; `after`
 * runs on each change (a new ИНН makes a lookup stale). No `maxLength`: the mask cuts to the
 * number's length once spaces and dashes are gone, where the attribute would cut a pasted
 * "5001 0073 2259" (as printed) by its characters, digits lost.
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
      if (input instanceof HTMLInputElement) input.value = maskRequisite(mask, input.value);
      after?.();
      return registered.onChange(event);
    },
  };
}
