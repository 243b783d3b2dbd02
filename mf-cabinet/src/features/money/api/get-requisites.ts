import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, bankRequisiteKeys } from 'shared';
import { bankRequisiteCurrencyGetCollection, bankRequisiteGetCollection } from 'shared/lk';

/** The profile's requisites: the one page of the call's default size is all of them (the API keeps at most MAX_BANK_REQUISITES). */
export function useRequisites(profileId: number) {
  return useQuery(apiQueryOptions(bankRequisiteGetCollection, {}, bankRequisiteKeys.list(profileId)));
}

export function useCurrencies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...apiQueryOptions(bankRequisiteCurrencyGetCollection, {}, bankRequisiteKeys.currencies()), staleTime: 60 * 60_000, enabled });
}
