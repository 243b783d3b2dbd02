import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getProfilesQueryOptions, organizationKeys, refreshOrganizations, type CallBody } from 'shared';
import { organizationUpdate } from 'shared/lk';
import { refreshRoleIfForbidden } from '../../../lib/role-refused';

export type UpdateOrganizationBody = CallBody<typeof organizationUpdate>;

export function updateOrganization(body: UpdateOrganizationBody) {
  return apiRequest(organizationUpdate, { body });
}

/** A new name shows in the header's switcher too, so the profile list is refetched. */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    // A 403: no longer its director (handed over in another tab or on another device): the role is
    // asked again with the organisation, and the page stops offering the director's actions.
    onError: refreshRoleIfForbidden(queryClient),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
      void queryClient.fetchQuery({ ...getProfilesQueryOptions(), staleTime: 0 }).catch(() => undefined);
    },
  });
}
