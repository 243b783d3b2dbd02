import type { BankDirectory } from './bank-directory';

/**
 * The development provider of the bank directory: a few large banks by BIC, so a local run without
 * DADATA_TOKEN fills a requisite's bank as DaData would. Never outside development (bankDirectoryFrom):
 * elsewhere an unknown BIC is a bank the user names himself, not a gap in a short list.
 */
const BANKS: ReadonlyMap<string, { bankName: string; correspondentAccount: string }> = new Map([
  ['044525225', { bankName: 'ПАО Сбербанк', correspondentAccount: '30101810400000000225' }],
  ['044525187', { bankName: 'Банк ВТБ (ПАО)', correspondentAccount: '30101810700000000187' }],
  ['044525593', { bankName: 'АО «Альфа-Банк»', correspondentAccount: '30101810200000000593' }],
  ['044525974', { bankName: 'АО «ТБанк»', correspondentAccount: '30101810145250000974' }],
  ['044525823', { bankName: 'Банк ГПБ (АО)', correspondentAccount: '30101810200000000823' }],
  ['044525700', { bankName: 'АО «Райффайзенбанк»', correspondentAccount: '30101810200000000700' }],
]);

export function devBankDirectory(): BankDirectory {
  return {
    async byBic(bic) {
      return BANKS.get(bic) ?? null;
    },
  };
}

/** The BICs it knows (its test checks each correspondent account against its BIC). */
export const DEV_BANK_BICS: readonly string[] = [...BANKS.keys()];
