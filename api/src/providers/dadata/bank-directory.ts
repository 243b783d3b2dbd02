/**
 * A directory of Russian banks by BIC (fills the bank name of a requisite). DaData's
 * `findById/bank` with DADATA_TOKEN (dadataBankDirectory, providers/dadata/bank.ts); without it
 * there is no directory and the name is typed by hand.
 */
export interface BankDirectory {
  /** Null when the directory does not know the BIC; throws DadataUnavailable when it cannot answer. */
  byBic(bic: string): Promise<{ bankName: string; correspondentAccount: string | null } | null>;
}
