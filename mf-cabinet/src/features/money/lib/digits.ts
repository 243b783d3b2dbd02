/** Masks of the requisite fields: digits only (KPP: digits and capital Latin letters), cut to length. */
export const FIELD_MASKS = {
  inn: { max: 12, pattern: /\D/g },
  kpp: { max: 9, pattern: /[^\dA-Z]/g },
  bic: { max: 9, pattern: /\D/g },
  correspondentAccount: { max: 20, pattern: /\D/g },
  account: { max: 20, pattern: /\D/g },
} as const;
export type MaskedField = keyof typeof FIELD_MASKS;

/** Rewrites the input's value through the mask before the form reads it (pasted "4070 2810 …" too). */
export function maskEvent<E extends { target: unknown }>(field: MaskedField, event: E): E {
  const { max, pattern } = FIELD_MASKS[field];
  const input = event.target;
  if (input instanceof HTMLInputElement) input.value = input.value.toUpperCase().replace(pattern, '').slice(0, max);
  return event;
}
