import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, facilityKeys } from 'shared';
import { profileFacilityDocumentDelete } from 'shared/lk';

/** Removes one document; the facility (its list of documents) is asked for again. */
export function useDeleteFacilityDocument(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: number) => apiRequest(profileFacilityDocumentDelete, { body: { id: documentId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: facilityKeys.detail(facilityId) });
      void queryClient.invalidateQueries({ queryKey: facilityKeys.own() });
    },
  });
}
