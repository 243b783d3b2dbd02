import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, facilityKeys, isNotFoundStatus } from 'shared';
import { profileFacilityDocumentDelete } from 'shared/lk';

/**
 * Removes one document; the facility (its list of documents) is asked for again, after a 404
 * (deleted meanwhile, in another tab) too.
 */
export function useDeleteFacilityDocument(facilityId: number) {
  const queryClient = useQueryClient();
  // Awaited: the dialog goes once the facility no longer lists the document, with its row (and
  // the dialog's opener), so its focus goes to the page's start rather than the body.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: facilityKeys.own() });
    return queryClient.invalidateQueries({ queryKey: facilityKeys.detail(facilityId) });
  };
  return useMutation({
    mutationFn: (documentId: number) => apiRequest(profileFacilityDocumentDelete, { body: { id: documentId } }),
    onSuccess: refresh,
    onError: (error) => (isNotFoundStatus(error) ? refresh() : undefined),
  });
}
