import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, facilityKeys } from 'shared';
import { FACILITY_MESSAGES, profileFacilityDelete } from 'shared/lk';

/** 409 while an application links the facility: spec §8's text when the server gives none. */
export function useDeleteFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(profileFacilityDelete, { query: { id }, errorMessage: FACILITY_MESSAGES.linked }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: facilityKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: facilityKeys.own() });
    },
  });
}
