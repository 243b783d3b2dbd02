/**
 * Checksums of Russian bank requisites (ARCHITECTURE §8 "Cabinet"): pure, shared by the API's
 * validation, the platform's own payee requisites and the front end's form, so a typo is caught
 * the same way everywhere. Each takes the value as typed after `normalizeDigits`.
 */

/** Pasted numbers come grouped ("4070 2810 …") or with non-breaking spaces: those go, nothing else. */
export const normalizeDigits = (value: string): string => value.replace(/[\s\u00A0\u202F]+/g, '');

const digits = (value: string, length: number) => value.length === length && /^\d+$/.test(value);

const weightedSum = (value: string, weights: readonly number[]) =>
  [...value].reduce((sum, d, i) => sum + Number(d) * weights[i % weights.length]!, 0);

const INN10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const innDigit = (head: string, weights: readonly number[]) => (weightedSum(head, weights) % 11) % 10;

/** INN: 10 digits (an organisation) or 12 (a person), check digit(s) by the Federal Tax Service's weights. */
export function isValidInn(inn: string): boolean {
  if (digits(inn, 10)) return innDigit(inn.slice(0, 9), INN10) === Number(inn[9]);
  if (digits(inn, 12)) {
    return innDigit(inn.slice(0, 10), INN12_11) === Number(inn[10]) && innDigit(inn.slice(0, 11), INN12_12) === Number(inn[11]);
  }
  return false;
}

/** KPP: tax office (4 digits), reason (2 digits or capital Latin letters), number (3 digits). */
export const isValidKpp = (kpp: string): boolean => /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp);

/** BIC of a Russian bank: 9 digits, the country code 04 first. */
export const isValidBic = (bic: string): boolean => digits(bic, 9) && bic.startsWith('04');

/** The Bank of Russia's account key: weights 7-1-3 over 3 + 20 digits, the sum ends in 0. */
const accountKeyValid = (value23: string) => weightedSum(value23, [7, 1, 3]) % 10 === 0;

/** Settlement account: 20 digits whose key checks with the last three digits of the BIC. */
export function isValidSettlementAccount(account: string, bic: string): boolean {
  return digits(account, 20) && isValidBic(bic) && accountKeyValid(bic.slice(6) + account);
}

/** Correspondent account: 30101…, ending in the BIC's last three digits, key with "0" + the BIC's 5th–6th digits. */
export function isValidCorrAccount(corrAccount: string, bic: string): boolean {
  return (
    digits(corrAccount, 20) &&
    isValidBic(bic) &&
    corrAccount.startsWith('30101') &&
    corrAccount.endsWith(bic.slice(6)) &&
    accountKeyValid(`0${bic.slice(4, 6)}${corrAccount}`)
  );
}

/** The remainder of a long decimal number (OGRN has 13 digits, past exact doubles for OGRNIP). */
const decimalMod = (value: string, m: number) => [...value].reduce((r, d) => (r * 10 + Number(d)) % m, 0);

/** OGRN of an organisation: 13 digits, the last is (first 12 mod 11) mod 10. */
export const isValidOgrn = (ogrn: string): boolean => digits(ogrn, 13) && decimalMod(ogrn.slice(0, 12), 11) % 10 === Number(ogrn[12]);

/** OGRNIP of an entrepreneur: 15 digits, the last is (first 14 mod 13) mod 10. */
export const isValidOgrnip = (ogrnip: string): boolean =>
  digits(ogrnip, 15) && decimalMod(ogrnip.slice(0, 14), 13) % 10 === Number(ogrnip[14]);
