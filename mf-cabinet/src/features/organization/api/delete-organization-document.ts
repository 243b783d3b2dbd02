import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isNotFoundStatus, organizationKeys } from 'shared';
import { organizationDocumentDelete } from 'shared/lk';
import { refreshRoleIfForbidden } from '../../../lib/role-refused';

export function deleteOrganizationDocument(id: number) {
  return apiRequest(organizationDocumentDelete, { query: { id } });
}

/**
 * Removes one document of the active organisation (its director only); the organisation (its list
 * of documents) is asked for again. Awaited: the confirmation goes with the row, once the
 * organisation no longer lists it. A 404 (deleted meanwhile, in another tab) asks for it again
 * too; a 403 (no longer its director) asks for the role again.
 */
export function useDeleteOrganizationDocument(profileId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: organizationKeys.profile(profileId) });
  const onForbidden = refreshRoleIfForbidden(queryClient);
  return useMutation({
    mutationFn: deleteOrganizationDocument,
    onSuccess: refresh,
    onError: (error) => {
      if (isNotFoundStatus(error)) return refresh();
      onForbidden(error);
      return undefined;
    },
  });
}
