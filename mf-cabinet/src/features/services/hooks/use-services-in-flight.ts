import { useMutationState } from '@tanstack/react-query';
import { PROFILE_SERVICE_MUTATION, type ServiceChange } from '../api/change-profile-service';

/** The additions and removals of services running right now. */
export function useServiceChangesInFlight(): ServiceChange[] {
  const changes = useMutationState({
    filters: { mutationKey: PROFILE_SERVICE_MUTATION, status: 'pending' },
    select: (mutation) => mutation.state.variables as ServiceChange | undefined,
  });
  return changes.filter((change): change is ServiceChange => change !== undefined);
}
