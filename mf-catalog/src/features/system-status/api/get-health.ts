import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, health } from 'shared';

export const systemKeys = {
  all: ['system'] as const,
  health: () => [...systemKeys.all, 'health'] as const,
  remote: (name: string, origin: string) => [...systemKeys.all, 'remote', name, origin] as const,
};

export function getHealthQueryOptions() {
  // A status page reports what it sees now: no retries that would hide a failure for seconds.
  return { ...apiQueryOptions(health, {}, systemKeys.health()), retry: false, staleTime: 0 };
}

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
