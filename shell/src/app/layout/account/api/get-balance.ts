import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, balanceGetToken, balanceKeys, useIsLoggedIn, useSessionStore } from 'shared';

export function getBalanceQueryOptions(profileId: number | null) {
  return apiQueryOptions(balanceGetToken, {}, balanceKeys.current(profileId));
}

/** The active profile's balance; nothing to ask without one. */
export function useBalance() {
  const loggedIn = useIsLoggedIn();
  const profileId = useSessionStore((s) => s.activeProfile?.id ?? null);
  return useQuery({ ...getBalanceQueryOptions(profileId), enabled: loggedIn && profileId !== null });
}
