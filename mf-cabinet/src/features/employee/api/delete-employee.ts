import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiRequest, employeeKeys, refreshOrganizations } from 'shared';
import { organizationEmployeeDelete } from 'shared/lk';
import { isForbidden } from '../../../lib/role-refused';
import { EMPLOYEE_REMOVED, LEFT_ORGANIZATION, notifyError, notifySuccess } from '../notify';
import { refreshStaffOnChange } from './staff-changed';

export interface DeleteEmployeeVariables {
  id: number;
  /** The caller leaves the organisation: its profiles and active profile change with it. */
  self: boolean;
}

export function deleteEmployee(id: number) {
  return apiRequest(organizationEmployeeDelete, { query: { id } });
}

/** The director removes an employee, or an employee removes itself (leaves). */
export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ id }: DeleteEmployeeVariables) => deleteEmployee(id),
    onError: (error, { self }) => {
      if (!(self && isForbidden(error))) return refreshStaffOnChange(queryClient)(error);
      // Leaving an organisation he was removed from meanwhile (the notice missed): the server says
      // he is no longer a member. Said here, as the page goes: to the organisations, as after
      // leaving, and his profiles are asked again (the organisation is no longer among them).
      notifyError(error);
      void Promise.resolve(navigate('/lk/organization')).then(() => refreshOrganizations(queryClient));
      return undefined;
    },
    // Awaited: the dialog closes once the list no longer holds the removed member, so its focus,
    // whose opener went with the member's card, goes to the page's start rather than the body.
    onSuccess: ({ message }, { self }) => {
      // Said here, not by the dialog, which may be closed while the call runs.
      notifySuccess(message, self ? LEFT_ORGANIZATION : EMPLOYEE_REMOVED);
      const list = queryClient.invalidateQueries({ queryKey: employeeKeys.lists() });
      if (!self) return list;
      // Leaving goes to the organisations at once, and only then are the profiles asked again (as
      // useDeleteOrganization does): their answer would turn this page into «no organisation»
      // first, taking the open dialog with it while the focus had nowhere to go but the body.
      // Not awaited, so the caller's callbacks run before this page goes.
      void Promise.resolve(navigate('/lk/organization')).then(() => refreshOrganizations(queryClient));
      return undefined;
    },
  });
}
