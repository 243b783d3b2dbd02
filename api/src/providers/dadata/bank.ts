import { z } from 'zod';
import type { BankDirectory } from './bank-directory';
import { findById, type DadataConnection } from './find-by-id';

// The fields of DaData's bank suggestion a requisite keeps (https://dadata.ru/api/find-bank/).
const text = z.string().nullish();
const bankSuggestionSchema = z.object({
  value: z.string(),
  data: z.object({
    bic: text,
    correspondent_account: text,
    name: z.object({ payment: text, short: text, full: text }).partial().nullish(),
  }),
});

/** DaData's findById/bank as the BankDirectory the bank requisites fill the bank name from. */
export function dadataBankDirectory(connection: DadataConnection): BankDirectory {
  return {
    async byBic(bic) {
      const suggestions = await findById(connection, 'bank', { query: bic, count: 1 }, bankSuggestionSchema);
      const bank = suggestions.find((s) => s.data.bic === bic);
      if (!bank) return null;
      return {
        bankName: bank.data.name?.payment || bank.data.name?.short || bank.value,
        correspondentAccount: bank.data.correspondent_account || null,
      };
    },
  };
}
