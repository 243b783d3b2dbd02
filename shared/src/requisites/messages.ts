import { isValidBic, isValidCorrAccount, isValidInn, isValidKpp, isValidOgrn, isValidOgrnip, isValidSettlementAccount } from './checks';

/**
 * What the form shows under a field and the API answers in `errors.<field>`: one text per
 * failure, each naming the field, so a user knows which number to look at again.
 */
export const REQUISITE_MESSAGES = {
  recipientNameRequired: 'Укажите наименование получателя',
  recipientNameTooLong: 'Наименование получателя — не длиннее 300 символов',
  bankNameTooLong: 'Название банка — не длиннее 300 символов',
  currencyRequired: 'Выберите валюту',
  currencyUnknown: 'Такой валюты нет в списке',
  innRequired: 'Укажите ИНН',
  innFormat: 'ИНН — 10 цифр у организации или 12 цифр у ИП и физического лица',
  innChecksum: 'Неверный ИНН: не сходится контрольное число',
  /** The first two digits are the region's code (01–99): «0000000000» passes the check digit, but is no INN (QA AAP-7). */
  innRegion: 'Неверный ИНН: первые две цифры — код региона, 00 не бывает',
  kppFormat: 'КПП — 9 символов: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры',
  kppForPerson: 'КПП бывает только у организации (ИНН из 10 цифр): у ИП и физического лица его нет',
  bicRequired: 'Укажите БИК банка',
  bicFormat: 'БИК — 9 цифр',
  /** A Treasury BIC (00…) is Russian too, but payouts go to bank accounts only (QA AAP-8). */
  bicCountry: 'БИК банка начинается с 04: выплаты возможны только на счёт в банке',
  corrAccountRequired: 'Укажите корреспондентский счёт банка',
  corrAccountFormat: 'Корреспондентский счёт — 20 цифр',
  corrAccountPrefix: 'Корреспондентский счёт начинается с 30101',
  corrAccountBic: 'Корреспондентский счёт не соответствует БИК: последние три цифры должны совпадать с БИК',
  corrAccountChecksum: 'Неверный корреспондентский счёт: не сходится контрольный ключ с БИК',
  accountRequired: 'Укажите расчётный счёт',
  accountFormat: 'Расчётный счёт — 20 цифр',
  accountChecksum: 'Неверный расчётный счёт: не сходится контрольный ключ с БИК',
  /** `{code}`: what the 6th–8th digits should be; `{currency}`: the chosen currency's code. */
  accountCurrency: 'Счёт не в выбранной валюте: 6–8-я цифры счёта — код валюты, для {currency} это {code}',
  ogrnFormat: 'ОГРН — 13 цифр',
  ogrnChecksum: 'Неверный ОГРН: не сходится контрольное число',
  ogrnipFormat: 'ОГРНИП — 15 цифр',
  ogrnipChecksum: 'Неверный ОГРНИП: не сходится контрольное число',
  ogrnForOrganization: 'У организации (ИНН из 10 цифр) — ОГРН из 13 цифр, ОГРНИП бывает только у ИП',
  ogrnipForPerson: 'У ИП (ИНН из 12 цифр) — ОГРНИП из 15 цифр, не ОГРН',
  /** The same account of the same bank twice for one profile (the API's 409 `requisite_exists`; the form says it as it is typed). */
  duplicate: 'Этот расчётный счёт в этом банке уже добавлен в реквизиты',
} as const;

const M = REQUISITE_MESSAGES;
const allDigits = (value: string) => /^\d+$/.test(value);

/** Why an INN is refused, or null when it is valid. */
export function innError(inn: string): string | null {
  if (!inn) return M.innRequired;
  if (!allDigits(inn) || (inn.length !== 10 && inn.length !== 12)) return M.innFormat;
  if (inn.startsWith('00')) return M.innRegion;
  return isValidInn(inn) ? null : M.innChecksum;
}

/** Why a KPP is refused (an empty one is "none": only an organisation has it). */
export function kppError(kpp: string, inn?: string): string | null {
  if (!kpp) return null;
  if (!isValidKpp(kpp)) return M.kppFormat;
  return inn?.length === 12 ? M.kppForPerson : null;
}

export function bicError(bic: string): string | null {
  if (!bic) return M.bicRequired;
  if (!allDigits(bic) || bic.length !== 9) return M.bicFormat;
  return isValidBic(bic) ? null : M.bicCountry;
}

/** The correspondent account's own shape, without the BIC (null: the shape is right). */
function corrAccountShapeError(corrAccount: string): string | null {
  if (!corrAccount) return M.corrAccountRequired;
  if (!allDigits(corrAccount) || corrAccount.length !== 20) return M.corrAccountFormat;
  return corrAccount.startsWith('30101') ? null : M.corrAccountPrefix;
}

/**
 * Why a correspondent account is refused. The key needs a valid BIC: with a wrong one only the
 * shape is judged here, and the BIC's own message says what to fix.
 */
export function corrAccountError(corrAccount: string, bic: string): string | null {
  const shape = corrAccountShapeError(corrAccount);
  if (shape || !isValidBic(bic)) return shape;
  if (!corrAccount.endsWith(bic.slice(6))) return M.corrAccountBic;
  return isValidCorrAccount(corrAccount, bic) ? null : M.corrAccountChecksum;
}

/** Why a settlement account is refused; like the correspondent account, the key waits for a valid BIC. */
export function accountError(account: string, bic: string): string | null {
  if (!account) return M.accountRequired;
  if (!allDigits(account) || account.length !== 20) return M.accountFormat;
  if (!isValidBic(bic)) return null;
  return isValidSettlementAccount(account, bic) ? null : M.accountChecksum;
}

/**
 * The currency part of a Russian account number (its 6th–8th digits, Bank of Russia's chart of
 * accounts): 810 for roubles (643, the ISO code, is met too), the ISO 4217 numeric code otherwise.
 */
export const ACCOUNT_CURRENCY_DIGITS: Readonly<Record<string, readonly string[]>> = {
  RUB: ['810', '643'],
  USD: ['840'],
  EUR: ['978'],
  CNY: ['156'],
};

/** Why an account does not fit the chosen currency; null when it does, or the currency is not in the table. */
export function accountCurrencyError(account: string, currencyCode: string | null | undefined): string | null {
  const expected = currencyCode ? ACCOUNT_CURRENCY_DIGITS[currencyCode] : undefined;
  if (!expected || !allDigits(account) || account.length !== 20) return null;
  if (expected.includes(account.slice(5, 8))) return null;
  return M.accountCurrency.replace('{currency}', currencyCode!).replace('{code}', expected[0]!);
}

export function ogrnError(ogrn: string): string | null {
  if (!allDigits(ogrn) || ogrn.length !== 13) return M.ogrnFormat;
  return isValidOgrn(ogrn) ? null : M.ogrnChecksum;
}

/** Whether the registration number's kind fits the INN's: ОГРН (13) with an organisation's, ОГРНИП (15) with an ИП's. */
export function ogrnAgainstInnError(ogrn: string, inn: string): string | null {
  if (inn.length === 10 && ogrn.length === 15) return M.ogrnForOrganization;
  if (inn.length === 12 && ogrn.length === 13) return M.ogrnipForPerson;
  return null;
}

export function ogrnipError(ogrnip: string): string | null {
  if (!allDigits(ogrnip) || ogrnip.length !== 15) return M.ogrnipFormat;
  return isValidOgrnip(ogrnip) ? null : M.ogrnipChecksum;
}

/** The numbers of a requisite, after `normalizeDigits` (`kpp` empty or null when there is none). */
export interface RequisiteNumbers {
  inn: string;
  kpp?: string | null;
  bic: string;
  correspondentAccount: string;
  account: string;
  /** The chosen currency's code: the account's currency digits are checked against it. */
  currencyCode?: string | null;
}

export type RequisiteNumberField = Exclude<keyof RequisiteNumbers, 'currencyCode'>;

/** Every failing field with its text (empty when the numbers are usable): the 422's `errors`. */
export function requisiteNumberErrors(r: RequisiteNumbers): Partial<Record<RequisiteNumberField, string>> {
  const errors: Partial<Record<RequisiteNumberField, string>> = {};
  const checks: [RequisiteNumberField, string | null][] = [
    ['inn', innError(r.inn)],
    ['kpp', kppError(r.kpp ?? '', r.inn)],
    ['bic', bicError(r.bic)],
    ['correspondentAccount', corrAccountError(r.correspondentAccount, r.bic)],
    ['account', accountError(r.account, r.bic) ?? accountCurrencyError(r.account, r.currencyCode)],
  ];
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}
