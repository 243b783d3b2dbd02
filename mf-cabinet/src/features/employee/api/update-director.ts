import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, employeeKeys, refreshOrganizations } from 'shared';
import { organizationDirectorUpdate } from 'shared/lk';
import { DIRECTOR_CHANGED, notifySuccess } from '../notify';
import { refreshStaffOnChange } from './staff-changed';

export function updateDirector(id: number) {
  return apiRequest(organizationDirectorUpdate, { body: { id } });
}

const INVITES = [...employeeKeys.all, 'invites'] as const;
const isInvites = (key: readonly unknown[]) => key[INVITES.length - 1] === INVITES[INVITES.length - 1];

/**
 * The caller's role changes with it (director → employee), and the role is read from the profile
 * list and the organisation's answer: both are asked again with the staff. The pending invites are
 * the director's alone: marked stale, not asked for again by the page that still shows them until
 * the new role arrives (the caller would get a 403).
 */
export function useUpdateDirector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDirector,
    onError: refreshStaffOnChange(queryClient),
    // Said here, not by the dialog, which may be closed while the call runs.
    onSuccess: ({ message }) => {
      notifySuccess(message, DIRECTOR_CHANGED);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: employeeKeys.all, predicate: (query) => !isInvites(query.queryKey) }),
        queryClient.invalidateQueries({ queryKey: INVITES, refetchType: 'none' }),
        refreshOrganizations(queryClient),
      ]);
    },
  });
}
