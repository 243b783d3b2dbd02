import { useMutationState } from '@tanstack/react-query';
import { PROFILE_SERVICE_MUTATION, type ServiceChange } from '../api/change-profile-service';

/** Ids of the services being added or removed right now. */
export function useServicesInFlight(): ReadonlySet<number> {
  const changes = useMutationState({
    filters: { mutationKey: PROFILE_SERVICE_MUTATION, status: 'pending' },
    select: (mutation) => (mutation.state.variables as ServiceChange | undefined)?.service.id,
  });
  return new Set(changes.filter((id): id is number => id !== undefined));
}
