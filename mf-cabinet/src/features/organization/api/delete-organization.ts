import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiRequest, refreshOrganizations } from 'shared';
import { organizationDelete } from 'shared/lk';
import { notifySuccess, ORGANIZATION_DELETED } from '../notify';

export function deleteOrganization(id: number) {
  return apiRequest(organizationDelete, { query: { id } });
}

/**
 * A 409 (live applications, money on the balance) carries the server's reason as its message. A
 * delete is said (toast) and led to the list here, before the profiles and lists are asked again:
 * what they answer unmounts the page that asked (the organisation is gone, and was often the
 * active profile), and callbacks given to `mutate` would then never run.
 */
export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: ({ message }) => {
      notifySuccess(message, ORGANIZATION_DELETED);
      void navigate('/lk/organization', { replace: true });
      return refreshOrganizations(queryClient);
    },
  });
}
