import { z } from 'zod';
import { bankRequisiteBodySchema, bankRequisiteUpdateBodySchema, requisiteBicSchema } from '../requisites';
import { idQuerySchema, idSchema, paginationQuery } from './common';
import { defineCall, listOf } from './define';
import { lazySchema } from './lazy-schema';

/**
 * Bank requisites of the active profile (ARCHITECTURE §8 "Cabinet"): where its payouts go. The
 * checks (INN, KPP, BIC, both accounts' keys) live in `shared/src/requisites` and are
 * re-exported here, because the API imports only `shared/contract`.
 */
export * from '../requisites';

/**
 * How many live requisites a profile may keep: its list is one page of them (the balance page and
 * the withdrawal dialog show every one), and the 51st is refused until one is deleted.
 */
export const MAX_BANK_REQUISITES = 50;

export const currencySchema = lazySchema(() => z.object({ id: idSchema, code: z.string(), name: z.string() }));
export type Currency = z.infer<typeof currencySchema>;

export const bankRequisiteSchema = lazySchema(() => z.object({
  id: idSchema,
  recipientName: z.string(),
  inn: z.string(),
  /** Null for an entrepreneur or a person. */
  kpp: z.string().nullable(),
  bic: z.string(),
  /** Null when typed by nobody and unknown to the bank directory. */
  bankName: z.string().nullable(),
  correspondentAccount: z.string(),
  account: z.string(),
  currency: currencySchema,
  createdAt: z.string(),
}));
export type BankRequisite = z.infer<typeof bankRequisiteSchema>;

/** The currency payouts go in: a withdrawal goes to a requisite in roubles only (ARCHITECTURE §8). */
export const PAYOUT_CURRENCY = 'RUB';

/** The requisites a withdrawal may go to (the balance page's, the withdrawal dialog's, the cabinet's checklist). */
export const payoutRequisites = <T extends Pick<BankRequisite, 'currency'>>(items: readonly T[]): T[] =>
  items.filter((requisite) => requisite.currency.code === PAYOUT_CURRENCY);

/** What the bank directory knows of a BIC: fills the form's bank name and correspondent account. */
export const bankInfoSchema = lazySchema(() => z.object({ bic: z.string(), bankName: z.string(), correspondentAccount: z.string().nullable() }));
export type BankInfo = z.infer<typeof bankInfoSchema>;

export const bankRequisiteCurrencyGetCollection = defineCall({
  method: 'GET',
  path: 'bank-requisite/currency/get-collection',
  auth: 'required',
  summary: 'Валюты банковских реквизитов',
  data: lazySchema(() => z.object({ items: z.array(currencySchema) })),
});

export const bankRequisiteGetCollection = defineCall({
  method: 'GET',
  path: 'bank-requisite/get-collection',
  auth: 'required',
  summary: 'Банковские реквизиты активного профиля',
  query: lazySchema(() => z.object(paginationQuery(MAX_BANK_REQUISITES))),
  data: lazySchema(() => listOf(bankRequisiteSchema)),
});

export const bankRequisiteCreate = defineCall({
  method: 'POST',
  path: 'bank-requisite/create',
  auth: 'required',
  summary: 'Добавление банковских реквизитов',
  body: bankRequisiteBodySchema,
  data: bankRequisiteSchema,
});

export const bankRequisiteUpdate = defineCall({
  method: 'PUT',
  path: 'bank-requisite/update',
  auth: 'required',
  summary: 'Изменение банковских реквизитов',
  body: bankRequisiteUpdateBodySchema,
  data: bankRequisiteSchema,
});

export const bankRequisiteDelete = defineCall({
  method: 'DELETE',
  path: 'bank-requisite/delete',
  auth: 'required',
  summary: 'Удаление банковских реквизитов',
  query: idQuerySchema,
  data: lazySchema(() => z.object({ id: idSchema })),
});

/** 404 when no bank directory is configured or it does not know the BIC: the form is filled by hand. */
export const bankRequisiteBankGet = defineCall({
  method: 'GET',
  path: 'bank-requisite/bank/get',
  auth: 'required',
  summary: 'Банк по БИК из справочника',
  query: lazySchema(() => z.object({ bic: requisiteBicSchema })),
  data: bankInfoSchema,
});
