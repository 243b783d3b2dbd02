import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, refreshOrganizations } from 'shared';
import { organizationDelete } from 'shared/lk';

export function deleteOrganization(id: number) {
  return apiRequest(organizationDelete, { query: { id } });
}

/** A 409 (live applications, money on the balance) carries the server's reason as its message. */
export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: () => refreshOrganizations(queryClient),
  });
}
