import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, facilityKeys, forgetQuery, isNotFoundStatus } from 'shared';
import { FACILITY_MESSAGES, profileFacilityDelete } from 'shared/lk';

/** The caches after a facility is deleted, or found gone (404: deleted in another tab): its detail forgotten, the lists asked for again. */
export function forgetFacility(queryClient: QueryClient, id: number) {
  forgetQuery(queryClient, facilityKeys.detail(id));
  void queryClient.invalidateQueries({ queryKey: facilityKeys.own() });
}

/**
 * 409 while an application links the facility: spec §8's text when the server gives none. A 404
 * means it is gone already (deleted in another tab): the caches forget it as after a delete.
 */
export function useDeleteFacility() {
  const queryClient = useQueryClient();
  const forget = (id: number) => forgetFacility(queryClient, id);
  return useMutation({
    mutationFn: (id: number) => apiRequest(profileFacilityDelete, { query: { id }, errorMessage: FACILITY_MESSAGES.linked }),
    onSuccess: (_result, id) => forget(id),
    onError: (error, id) => {
      if (isNotFoundStatus(error)) forget(id);
    },
  });
}
