import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, facilityKeys, type Facility } from 'shared';
import { profileFacilityDocumentUpdate } from 'shared/lk';

export interface DocumentVisibility {
  id: number;
  public: boolean;
}

/**
 * Makes one document public or private. The answer is the document as the facility lists it, so
 * the facility takes it at once (no flicker back to the old visibility while it is asked for again).
 */
export function useUpdateFacilityDocument(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DocumentVisibility) => apiRequest(profileFacilityDocumentUpdate, { body: input }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<Facility>(facilityKeys.detail(facilityId), (facility) =>
        facility ? { ...facility, documents: facility.documents.map((doc) => (doc.id === data.id ? data : doc)) } : facility,
      );
      void queryClient.invalidateQueries({ queryKey: facilityKeys.own() });
    },
  });
}
