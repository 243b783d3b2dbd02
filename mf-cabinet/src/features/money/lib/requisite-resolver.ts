import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  bankRequisiteBodySchema,
  normalizeDigits,
  requisiteNumberErrors,
  type BankRequisiteBody,
  type BankRequisiteFormValues,
  type Currency,
} from 'shared/lk';

const schemaResolver = zodResolver(bankRequisiteBodySchema);

/**
 * The contract's schema, plus the shared checks of the numbers on their own: the schema's checks
 * that pair a field with the BIC wait until every other field passes, a person typing should
 * hear about a wrong account key as soon as the field is left. The account's currency digits are
 * checked against the chosen currency (of `currencies`), as the API does.
 */
export function requisiteResolver(currencies: readonly Currency[]): Resolver<BankRequisiteFormValues, unknown, BankRequisiteBody> {
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
    if (Object.keys(result.errors).length === 0 && Object.keys(numbers).length === 0) return result;
    const errors: FieldErrors<BankRequisiteFormValues> = { ...result.errors };
    for (const [field, message] of Object.entries(numbers) as [keyof typeof numbers, string][]) {
      errors[field] ??= { type: 'custom', message };
    }
    return { values: {}, errors };
  };
}
