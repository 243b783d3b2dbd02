import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiRequest, bus, isNotFoundStatus, refreshOrganizations } from 'shared';
import { organizationDelete } from 'shared/lk';
import { isForbidden } from '../../../lib/role-refused';
import { notifySuccess, ORGANIZATION_ALREADY_DELETED, ORGANIZATION_DELETED } from '../notify';
import { getOrganizationsQueryOptions } from './get-organizations';

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
  const toList = (id: number) => {
    // The list drops it at once: asked again after the profiles, it would until then still hold the
    // organisation while the session no longer acts as it, and the page offered a switch to it (QA AAA-2).
    queryClient.setQueryData(getOrganizationsQueryOptions().queryKey, (list) => list && { ...list, items: list.items.filter((org) => org.id !== id) });
    void navigate('/lk/organization', { replace: true });
    return refreshOrganizations(queryClient);
  };
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: ({ message }, id) => {
      notifySuccess(message, ORGANIZATION_DELETED);
      return toList(id);
    },
    // A 404: deleted meanwhile (another tab, or by another director's hand): the page is out of date.
    onError: (error, id) => {
      // A 403: no longer its director (handed over elsewhere): the role is asked again (the dialog says why).
      if (isForbidden(error)) return refreshOrganizations(queryClient);
      if (!isNotFoundStatus(error)) return undefined;
      bus.emit('toast:show', { type: 'info', message: ORGANIZATION_ALREADY_DELETED });
      return toList(id);
    },
  });
}
