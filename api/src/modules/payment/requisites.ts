import { isValidBic, isValidCorrAccount, isValidInn, isValidKpp, isValidSettlementAccount } from 'shared/contract';

/**
 * The platform's payee requisites (ARCHITECTURE §8 "Payment and money"): invoices and the
 * ГОСТ QR code name them, so a wrong digit sends a customer's money elsewhere. They are read
 * once at start and checked with the Bank of Russia's control keys, so a typo stops the start
 * instead of reaching a payer.
 */

export interface PayeeRequisites {
  /** The payee's name as the bank knows it. */
  name: string;
  /** 10 digits (an organisation) or 12 (an individual entrepreneur). */
  inn: string;
  /** 9 characters; null for an individual entrepreneur, who has none. */
  kpp: string | null;
  /** Settlement account, 20 digits. */
  account: string;
  bankName: string;
  /** 9 digits. */
  bic: string;
  /** The bank's correspondent account, 20 digits starting 30101. */
  corrAccount: string;
}

/**
 * Demo values for a local run: checksums pass (so the bank requisite rules and QR readers accept
 * them), the name says they are not real. BIC and correspondent account are a real bank's.
 */
export const DEMO_REQUISITES: PayeeRequisites = Object.freeze({
  name: 'ООО «Демо-маркетплейс» (тестовые реквизиты)',
  inn: '7700000009',
  kpp: '770001001',
  account: '40702810500000001234',
  bankName: 'ПАО Сбербанк',
  bic: '044525225',
  corrAccount: '30101810400000000225',
});

// The checksums are the shared ones, so the platform's requisites and a profile's bank requisites
// (modules/bank-requisite) are judged alike; re-exported for the callers that knew them here.
export { isValidBic, isValidCorrAccount, isValidInn, isValidKpp, isValidSettlementAccount } from 'shared/contract';

/** The environment variable behind each field, for messages that say what to fix. */
export const REQUISITE_ENV = {
  name: 'PLATFORM_NAME',
  inn: 'PLATFORM_INN',
  kpp: 'PLATFORM_KPP',
  account: 'PLATFORM_ACCOUNT',
  bankName: 'PLATFORM_BANK_NAME',
  bic: 'PLATFORM_BIC',
  corrAccount: 'PLATFORM_CORR_ACCOUNT',
} as const satisfies Record<keyof PayeeRequisites, string>;

/** The fields that fail their rules (empty when the requisites are usable). */
export function requisiteProblems(r: PayeeRequisites): (keyof PayeeRequisites)[] {
  const problems: (keyof PayeeRequisites)[] = [];
  if (!r.name.trim() || /[|\r\n]/.test(r.name)) problems.push('name');
  if (!isValidInn(r.inn)) problems.push('inn');
  // An organisation (10-digit INN) always has a KPP; an entrepreneur (12 digits) has none.
  if (r.kpp === null ? r.inn.length === 10 : !isValidKpp(r.kpp)) problems.push('kpp');
  if (!isValidBic(r.bic)) problems.push('bic');
  if (!isValidSettlementAccount(r.account, r.bic)) problems.push('account');
  if (!r.bankName.trim() || /[|\r\n]/.test(r.bankName)) problems.push('bankName');
  if (!isValidCorrAccount(r.corrAccount, r.bic)) problems.push('corrAccount');
  return problems;
}

/**
 * PLATFORM_* from the environment. None set: the demo requisites, refused in production (a
 * customer would pay a stranger's account). Some set: all but PLATFORM_KPP are required, so real
 * and demo values never mix on one invoice (the same all-or-none rule as S3_*).
 */
export function parsePlatformRequisites(env: NodeJS.ProcessEnv): PayeeRequisites {
  const read = (key: keyof PayeeRequisites) => env[REQUISITE_ENV[key]]?.trim() || undefined;
  const keys = Object.keys(REQUISITE_ENV) as (keyof PayeeRequisites)[];
  if (keys.every((key) => read(key) === undefined)) {
    if (env.NODE_ENV === 'production') {
      throw new Error(`${keys.filter((k) => k !== 'kpp').map((k) => REQUISITE_ENV[k]).join(', ')} are required when NODE_ENV=production`);
    }
    return DEMO_REQUISITES;
  }
  const missing = keys.filter((key) => key !== 'kpp' && read(key) === undefined);
  if (missing.length > 0) {
    throw new Error(`Platform requisites are incomplete: set ${missing.map((k) => REQUISITE_ENV[k]).join(', ')} (or none of PLATFORM_* for the demo ones)`);
  }
  const given = (key: keyof PayeeRequisites) => read(key) ?? '';
  const requisites: PayeeRequisites = {
    name: given('name'),
    inn: given('inn'),
    kpp: read('kpp') ?? null,
    account: given('account'),
    bankName: given('bankName'),
    bic: given('bic'),
    corrAccount: given('corrAccount'),
  };
  const problems = requisiteProblems(requisites);
  if (problems.length > 0) {
    throw new Error(`Invalid platform requisites: ${problems.map((k) => REQUISITE_ENV[k]).join(', ')} (check digits and the keys with PLATFORM_BIC)`);
  }
  return requisites;
}
