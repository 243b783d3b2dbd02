import { z } from 'zod';
import { idSchema, INT4_MAX } from '../contract/common';
import { dropInvisibleInside, isBlankText, safeText } from '../contract/text';
import { normalizeDigits } from './checks';
import { accountError, bicError, corrAccountError, innError, kppError, REQUISITE_MESSAGES as M } from './messages';
import { lazySchema } from '../contract/lazy-schema';

/**
 * Zod schemas of the bank requisite form (ARCHITECTURE §8 "Cabinet"): the contract's bodies and
 * the front end's form are built from these, so both refuse the same numbers with the same texts.
 * Numbers are taken as typed or pasted ("4070 2810 …") and come out as bare digits.
 */

const numberField = (required: string, error: (value: string) => string | null) =>
  z
    .string({ error: required })
    .transform(normalizeDigits)
    .superRefine((value, ctx) => {
      const message = error(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

export const requisiteInnSchema = lazySchema(() => numberField(M.innRequired, innError));
export const requisiteBicSchema = lazySchema(() => numberField(M.bicRequired, bicError));
/** The shape only (20 digits, 30101…): the key against the BIC is the object's check. */
export const requisiteCorrAccountSchema = lazySchema(() => numberField(M.corrAccountRequired, (v) => corrAccountError(v, '')));
/** The shape only (20 digits): the key against the BIC is the object's check. */
export const requisiteAccountSchema = lazySchema(() => numberField(M.accountRequired, (v) => accountError(v, '')));

/** Absent, null or blank: no KPP (null); otherwise 9 characters, letters upper-cased. */
export const requisiteKppSchema = lazySchema(() => z
  .string({ error: M.kppFormat })
  .nullish()
  .transform((v) => normalizeDigits(v ?? '').toUpperCase() || null)
  .superRefine((value, ctx) => {
    const message = value === null ? null : kppError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  }));

/** The payee's name as the bank will match it: what shows of it, without characters that show nothing inside (QA AAP-10). */
export const requisiteRecipientNameSchema = lazySchema(() => safeText({ max: 300, min: 1, required: M.recipientNameRequired, tooLong: M.recipientNameTooLong }).overwrite(dropInvisibleInside));

/** Absent or blank (spaces, or characters that show nothing): the directory fills it (or it stays empty). */
export const requisiteBankNameSchema = lazySchema(() => z
  .string({ error: M.bankNameTooLong })
  .nullish()
  .transform((v) => (v == null || isBlankText(v) ? null : v))
  .pipe(safeText({ max: 300, tooLong: M.bankNameTooLong }).nullable()));

export const requisiteCurrencyIdSchema = lazySchema(() => z
  .number({ error: M.currencyRequired })
  .int({ error: M.currencyRequired })
  .positive({ error: M.currencyRequired })
  .max(INT4_MAX, { error: M.currencyUnknown }));

const fields = lazySchema(() => ({
  recipientName: requisiteRecipientNameSchema,
  inn: requisiteInnSchema,
  kpp: requisiteKppSchema,
  bic: requisiteBicSchema,
  bankName: requisiteBankNameSchema,
  correspondentAccount: requisiteCorrAccountSchema,
  account: requisiteAccountSchema,
  currencyId: requisiteCurrencyIdSchema,
}));

type Checked = { inn?: unknown; kpp?: unknown; bic?: unknown; correspondentAccount?: unknown; account?: unknown };
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * The checks that need two fields: KPP against the INN, both accounts' keys against the BIC.
 * They run only when each field's own shape passed, so a field never gets two messages.
 */
function crossCheck(value: Checked, ctx: z.RefinementCtx) {
  const inn = str(value.inn);
  const kpp = str(value.kpp);
  const bic = str(value.bic);
  const add = (path: string, message: string | null) => message && ctx.addIssue({ code: 'custom', path: [path], message });
  if (kpp && inn && !kppError(kpp) && !innError(inn)) add('kpp', kppError(kpp, inn));
  if (!bic || bicError(bic)) return;
  const corr = str(value.correspondentAccount);
  if (corr && !corrAccountError(corr, '')) add('correspondentAccount', corrAccountError(corr, bic));
  const account = str(value.account);
  if (account && !accountError(account, '')) add('account', accountError(account, bic));
}

/** `bank-requisite/create` and the new-requisite form: every field but `kpp` and `bankName` required. */
export const bankRequisiteBodySchema = lazySchema(() => z.object(fields).superRefine(crossCheck));
export type BankRequisiteBody = z.output<typeof bankRequisiteBodySchema>;
export type BankRequisiteFormValues = z.input<typeof bankRequisiteBodySchema>;

/**
 * `bank-requisite/update {id, ...}`: any of the fields. The pairs checked here are those sent
 * together; the API checks the merged requisite again, so changing only the BIC cannot leave an
 * account whose key no longer fits.
 */
export const bankRequisiteUpdateBodySchema = lazySchema(() => z
  .object({ id: idSchema, ...z.object(fields).partial().shape })
  .superRefine(crossCheck));
export type BankRequisiteUpdateBody = z.output<typeof bankRequisiteUpdateBodySchema>;
