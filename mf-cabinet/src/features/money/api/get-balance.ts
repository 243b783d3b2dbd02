import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, balanceGetToken, balanceKeys } from 'shared';

/** Same key and fetch as the shell's header balance, so both show one number. */
export function useBalance(profileId: number) {
  return useQuery(apiQueryOptions(balanceGetToken, {}, balanceKeys.current(profileId)));
}
