import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  bankRequisiteBodySchema,
  normalizeDigits,
  requisiteNumberErrors,
  type BankRequisiteBody,
  type BankRequisiteFormValues,
} from 'shared/lk';

const schemaResolver = zodResolver(bankRequisiteBodySchema);

/**
 * The contract's schema, plus the shared checks of the numbers on their own: the schema's checks
 * that pair a field with the BIC wait until every other field passes, a person typing should
 * hear about a wrong account key as soon as the field is left.
 */
export const requisiteResolver: Resolver<BankRequisiteFormValues, unknown, BankRequisiteBody> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const numbers = requisiteNumberErrors({
    inn: normalizeDigits(values.inn ?? ''),
    kpp: normalizeDigits(values.kpp ?? '').toUpperCase(),
    bic: normalizeDigits(values.bic ?? ''),
    correspondentAccount: normalizeDigits(values.correspondentAccount ?? ''),
    account: normalizeDigits(values.account ?? ''),
  });
  const errors: FieldErrors<BankRequisiteFormValues> = { ...result.errors };
  for (const [field, message] of Object.entries(numbers) as [keyof typeof numbers, string][]) {
    errors[field] ??= { type: 'custom', message };
  }
  return { values: {}, errors };
};
