import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, bankRequisiteKeys } from 'shared';
import { bankRequisiteCurrencyGetCollection, bankRequisiteGetCollection } from 'shared/lk';

/** The profile's requisites (a handful: the first page of 50 is all of them). */
export function useRequisites(profileId: number) {
  return useQuery(apiQueryOptions(bankRequisiteGetCollection, {}, bankRequisiteKeys.list(profileId)));
}

export function useCurrencies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...apiQueryOptions(bankRequisiteCurrencyGetCollection, {}, bankRequisiteKeys.currencies()), staleTime: 60 * 60_000, enabled });
}
