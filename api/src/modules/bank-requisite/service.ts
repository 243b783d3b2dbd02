import {
  MAX_BANK_REQUISITES,
  REQUISITE_MESSAGES,
  requisiteNumberErrors,
  type BankInfo,
  type BankRequisite,
  type BankRequisiteBody,
  type BankRequisiteUpdateBody,
  type Currency,
} from 'shared/contract';
import type { Db } from '../../db';
import { isUniqueViolation } from '../../db/sql';
import { AppError, invalidFields, notFound } from '../../http/errors';
import { activeProfile, managedProfile, ownRow, type ActiveProfile } from '../../policy/cabinet';
import type { Caller } from '../../policy/caller';
import type { BankDirectory } from '../../providers/dadata/bank-directory';
import { bankRequisiteRepository, type RequisiteFields } from './repository';

export const BANK_REQUISITE_MESSAGES = {
  created: 'Реквизиты добавлены',
  updated: 'Реквизиты изменены',
  deleted: 'Реквизиты удалены',
  notFound: 'Реквизиты не найдены',
  /** 403 of an update or delete of another profile's requisite (ARCHITECTURE §8: a call by anyone else). */
  forbidden: 'Реквизиты принадлежат другому профилю',
  noDirectory: 'Справочник банков не подключён. Укажите название банка вручную',
  bankUnknown: 'Банк с таким БИК не найден в справочнике',
  directoryUnavailable: 'Справочник банков сейчас недоступен. Укажите название банка вручную',
  duplicate: REQUISITE_MESSAGES.duplicate,
  full: `Можно сохранить не больше ${MAX_BANK_REQUISITES} счетов: удалите ненужный, чтобы добавить новый`,
} as const;

export interface BankRequisiteServiceDeps {
  db: Db;
  /** Null: no directory (no DADATA_TOKEN), the bank name is typed by hand. */
  bankDirectory: BankDirectory | null;
  now: () => Date;
  /** Where a failing directory is reported; it never fails the call. */
  onDirectoryError?: (err: unknown) => void;
}

/** The same account of the same bank twice for a profile: on the account field, as a taken phone is. */
const duplicate = () =>
  new AppError(409, 'requisite_exists', BANK_REQUISITE_MESSAGES.duplicate, { account: BANK_REQUISITE_MESSAGES.duplicate });

/** A write the unique index of live accounts refused (migration 018): the 409, also for two requests at once. */
async function once<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/**
 * Bank requisites of the active profile (ARCHITECTURE §8 "Cabinet"). Anyone acting for the
 * profile sees them; only its owner or director changes them (policy/cabinet). Another profile's
 * live requisite is a 403 (ARCHITECTURE §8: a call by anyone else); a deleted or absent one a 404.
 */
export function bankRequisiteService({ db, bankDirectory, now, onDirectoryError }: BankRequisiteServiceDeps) {
  const repo = bankRequisiteRepository(db);

  /** The directory's bank name for a BIC, or null: unknown, no directory, or the directory failing. */
  async function directoryName(bic: string): Promise<string | null> {
    if (!bankDirectory) return null;
    try {
      return (await bankDirectory.byBic(bic))?.bankName ?? null;
    } catch (err) {
      onDirectoryError?.(err);
      return null;
    }
  }

  /**
   * The checks beyond the body's schema: the merged numbers (an update sends a part), the currency,
   * and the account's currency digits against it.
   */
  async function check(f: RequisiteFields) {
    const currencyCode = await repo.currencyCode(f.currencyId);
    const errors: Record<string, string> = { ...requisiteNumberErrors({ ...f, currencyCode }) };
    if (currencyCode === null) errors.currencyId = REQUISITE_MESSAGES.currencyUnknown;
    if (Object.keys(errors).length) throw invalidFields(errors);
  }

  /** 404 for no live requisite, 403 for another profile's. */
  async function ensureOwned(id: number, profile: ActiveProfile): Promise<void> {
    ownRow(await repo.ownerOf(id), profile, BANK_REQUISITE_MESSAGES);
  }

  async function load(id: number, profileId: number): Promise<BankRequisite> {
    const found = await repo.find(id, profileId);
    if (!found) throw notFound(BANK_REQUISITE_MESSAGES.notFound);
    return found;
  }

  return {
    async currencies(caller: Caller): Promise<{ items: Currency[] }> {
      activeProfile(caller);
      return { items: await repo.currencies() };
    },

    async list(caller: Caller, { page, limit }: { page: number; limit: number }) {
      const profile = activeProfile(caller);
      return { ...(await repo.list(profile.id, page, limit)), page, limit };
    },

    async create(caller: Caller, body: BankRequisiteBody) {
      const profile = managedProfile(caller);
      const fields: RequisiteFields = { ...body, bankName: body.bankName ?? (await directoryName(body.bic)) };
      await check(fields);
      const id = await once(db.transaction((tx) => bankRequisiteRepository(tx).insertWithin(profile.id, fields, now(), MAX_BANK_REQUISITES)));
      if (id === null) throw new AppError(409, 'requisites_full', BANK_REQUISITE_MESSAGES.full);
      return { data: await load(id, profile.id), message: BANK_REQUISITE_MESSAGES.created };
    },

    async update(caller: Caller, { id, ...patch }: BankRequisiteUpdateBody) {
      const profile = managedProfile(caller);
      await ensureOwned(id, profile);
      const current = await load(id, profile.id);
      const bic = patch.bic ?? current.bic;
      // A new BIC is a new bank: the old bank's name would be wrong, so an unsent name is looked up again.
      const bankName = patch.bankName !== undefined ? patch.bankName : bic !== current.bic ? null : current.bankName;
      const fields: RequisiteFields = {
        recipientName: patch.recipientName ?? current.recipientName,
        inn: patch.inn ?? current.inn,
        kpp: patch.kpp !== undefined ? patch.kpp : current.kpp,
        bic,
        bankName: bankName ?? (await directoryName(bic)),
        correspondentAccount: patch.correspondentAccount ?? current.correspondentAccount,
        account: patch.account ?? current.account,
        currencyId: patch.currencyId ?? current.currency.id,
      };
      await check(fields);
      if (!(await once(repo.update(id, profile.id, fields, now())))) throw notFound(BANK_REQUISITE_MESSAGES.notFound);
      return { data: await load(id, profile.id), message: BANK_REQUISITE_MESSAGES.updated };
    },

    async remove(caller: Caller, id: number) {
      const profile = managedProfile(caller);
      await ensureOwned(id, profile);
      if (!(await repo.softDelete(id, profile.id, now()))) throw notFound(BANK_REQUISITE_MESSAGES.notFound);
      return { data: { id }, message: BANK_REQUISITE_MESSAGES.deleted };
    },

    /** The form's live bank name: 404 without a directory or for a BIC it does not know. */
    async bank(caller: Caller, bic: string): Promise<BankInfo> {
      activeProfile(caller);
      if (!bankDirectory) throw notFound(BANK_REQUISITE_MESSAGES.noDirectory);
      let found: Awaited<ReturnType<BankDirectory['byBic']>>;
      try {
        found = await bankDirectory.byBic(bic);
      } catch (err) {
        onDirectoryError?.(err);
        throw new AppError(503, 'directory_unavailable', BANK_REQUISITE_MESSAGES.directoryUnavailable);
      }
      if (!found) throw notFound(BANK_REQUISITE_MESSAGES.bankUnknown);
      return { bic, bankName: found.bankName, correspondentAccount: found.correspondentAccount };
    },
  };
}

export type BankRequisiteService = ReturnType<typeof bankRequisiteService>;
