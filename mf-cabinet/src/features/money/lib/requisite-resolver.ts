import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  bankRequisiteBodySchema,
  normalizeDigits,
  REQUISITE_MESSAGES,
  requisiteNumberErrors,
  type BankRequisiteBody,
  type BankRequisiteFormValues,
  type Currency,
} from 'shared/lk';

const schemaResolver = zodResolver(bankRequisiteBodySchema);

/**
 * The API's words for an account of a bank the profile has already (`requisite_exists`, 409, on
 * the account field): the form says them before sending, the API still decides.
 */
export const REQUISITE_DUPLICATE = REQUISITE_MESSAGES.duplicate;

/** The numbers that make a requisite the same one twice: the bank's BIC and the account. */
export type TakenAccount = Readonly<{ bic: string; account: string }>;

/** Whether a typed BIC and account name one of `taken` (the others of the loaded list). */
export function isTakenAccount(taken: readonly TakenAccount[], bic: string, account: string): boolean {
  const b = normalizeDigits(bic);
  const a = normalizeDigits(account);
  return b !== '' && a !== '' && taken.some((t) => t.bic === b && t.account === a);
}

/**
 * The contract's schema, plus the shared checks of the numbers on their own: the schema's checks
 * that pair a field with the BIC wait until every other field passes, a person typing should
 * hear about a wrong account key as soon as the field is left. The account's currency digits are
 * checked against the chosen currency (of `currencies`), as the API does; an account of a bank
 * already among `taken` is refused as the API would refuse it.
 */
export function requisiteResolver(
  currencies: readonly Currency[],
  taken: readonly TakenAccount[] = [],
): Resolver<BankRequisiteFormValues, unknown, BankRequisiteBody> {
  return async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    const numbers = requisiteNumberErrors({
      inn: normalizeDigits(values.inn ?? ''),
      kpp: normalizeDigits(values.kpp ?? '').toUpperCase(),
      bic: normalizeDigits(values.bic ?? ''),
      correspondentAccount: normalizeDigits(values.correspondentAccount ?? ''),
      account: normalizeDigits(values.account ?? ''),
      currencyCode: currencies.find((c) => c.id === Number(values.currencyId))?.code ?? null,
    });
    if (isTakenAccount(taken, values.bic ?? '', values.account ?? '')) numbers.account ??= REQUISITE_DUPLICATE;
    if (Object.keys(result.errors).length === 0 && Object.keys(numbers).length === 0) return result;
    const errors: FieldErrors<BankRequisiteFormValues> = { ...result.errors };
    for (const [field, message] of Object.entries(numbers) as [keyof typeof numbers, string][]) {
      errors[field] ??= { type: 'custom', message };
    }
    return { values: {}, errors };
  };
}
