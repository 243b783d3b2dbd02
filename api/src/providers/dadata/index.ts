import type { AppConfig } from '../../config';
import type { BankDirectory } from './bank-directory';
import { dadataBankDirectory } from './bank';
import { devBankDirectory } from './dev-bank-directory';
import type { DadataConnection } from './find-by-id';
import { dadataPartyLookup, type PartyLookup } from './party';

export type { BankDirectory } from './bank-directory';
export { DadataUnavailable, type DadataConnection } from './find-by-id';
export { dadataBankDirectory } from './bank';
export { dadataPartyLookup, toParty, type PartyLookup } from './party';

/** DaData's connection from config (DADATA_TOKEN, DADATA_URL); null without a token. */
export function dadataConnectionFrom(
  config: Pick<AppConfig, 'dadataToken' | 'dadataUrl'>,
  onError?: (err: unknown) => void,
): DadataConnection | null {
  return config.dadataToken ? { token: config.dadataToken, baseUrl: config.dadataUrl, onError } : null;
}

/** The company lookup by INN, or null when DaData is not configured (the form is filled by hand). */
export function partyLookupFrom(config: Pick<AppConfig, 'dadataToken' | 'dadataUrl'>, onError?: (err: unknown) => void): PartyLookup | null {
  const connection = dadataConnectionFrom(config, onError);
  return connection && dadataPartyLookup(connection);
}

/**
 * The bank directory by BIC: DaData's with a token; in development without one, a short built-in
 * list of large banks (devBankDirectory); else null (the bank name is typed by hand).
 */
export function bankDirectoryFrom(
  config: Pick<AppConfig, 'dadataToken' | 'dadataUrl'> & { env?: string | undefined },
  onError?: (err: unknown) => void,
): BankDirectory | null {
  const connection = dadataConnectionFrom(config, onError);
  if (connection) return dadataBankDirectory(connection);
  return config.env === 'development' ? devBankDirectory() : null;
}
