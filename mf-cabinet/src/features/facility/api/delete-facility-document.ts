import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, facilityKeys } from 'shared';
import { profileFacilityDocumentDelete } from 'shared/lk';

/** Removes one document; the facility (its list of documents) is asked for again. */
export function useDeleteFacilityDocument(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: number) => apiRequest(profileFacilityDocumentDelete, { body: { id: documentId } }),
    // Awaited: the dialog goes once the facility no longer lists the document, with its row (and
    // the dialog's opener), so its focus goes to the page's start rather than the body.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: facilityKeys.own() });
      return queryClient.invalidateQueries({ queryKey: facilityKeys.detail(facilityId) });
    },
  });
}
