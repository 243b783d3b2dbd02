import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, bankRequisiteKeys } from 'shared';
import { bankRequisiteBankGet } from 'shared/lk';

/** The directory's bank for a valid BIC; 404 (unknown BIC, or no directory) is an answer, not retried. */
export function useBankByBic(bic: string | null) {
  return useQuery({
    ...apiQueryOptions(bankRequisiteBankGet, { query: { bic: bic ?? '' } }, bankRequisiteKeys.bank(bic ?? '')),
    enabled: bic !== null,
    retry: false,
    staleTime: Infinity,
  });
}
