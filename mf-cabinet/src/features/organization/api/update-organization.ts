import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getProfilesQueryOptions, organizationKeys, type CallBody } from 'shared';
import { organizationUpdate } from 'shared/lk';

export type UpdateOrganizationBody = CallBody<typeof organizationUpdate>;

export function updateOrganization(body: UpdateOrganizationBody) {
  return apiRequest(organizationUpdate, { body });
}

/** A new name shows in the header's switcher too, so the profile list is refetched. */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
      void queryClient.fetchQuery({ ...getProfilesQueryOptions(), staleTime: 0 }).catch(() => undefined);
    },
  });
}
