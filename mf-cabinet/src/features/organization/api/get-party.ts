import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiQueryOptions, organizationKeys } from 'shared';
import { organizationGetDadata } from 'shared/lk';

/** The company DaData knows by this INN; 404 when the lookup is not configured or finds nothing. */
export function getPartyQueryOptions(inn: string) {
  return { ...apiQueryOptions(organizationGetDadata, { query: { inn } }, organizationKeys.dadata(inn)), retry: false, staleTime: 10 * 60_000 };
}

/** On demand (the «Найти по ИНН» button), not on every keystroke; a second ask for the same INN is served from the cache. */
export function useFindParty() {
  const queryClient = useQueryClient();
  return useCallback((inn: string) => queryClient.fetchQuery(getPartyQueryOptions(inn)), [queryClient]);
}
