import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, applyProfileUpdate, refreshOrganizations, type CallBody } from 'shared';
import { organizationCreate } from 'shared/lk';

export type CreateOrganizationBody = CallBody<typeof organizationCreate>;

export function createOrganization(body: CreateOrganizationBody) {
  return apiRequest(organizationCreate, { body });
}

/** The new organisation is the caller's active profile at once: the session takes it before the refetch. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: ({ data, message }) => {
      applyProfileUpdate(queryClient, { data: { profile: data.profile, user: data.user }, ...(message ? { message } : {}) });
      void refreshOrganizations(queryClient);
    },
  });
}
