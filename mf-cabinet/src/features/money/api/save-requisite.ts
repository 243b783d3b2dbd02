import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, bankRequisiteKeys, isNotFoundStatus, type ApiError, type ApiResult } from 'shared';
import { bankRequisiteCreate, bankRequisiteDelete, bankRequisiteUpdate, type BankRequisite, type BankRequisiteBody } from 'shared/lk';
import { refreshRoleIfForbidden } from '../../../lib/role-refused';

/** `id` set: an update of that requisite; else a new one. */
export interface SaveRequisite {
  id?: number;
  body: BankRequisiteBody;
}

export function saveRequisite({ id, body }: SaveRequisite): Promise<ApiResult<BankRequisite>> {
  return id === undefined ? apiRequest(bankRequisiteCreate, { body }) : apiRequest(bankRequisiteUpdate, { body: { ...body, id } });
}

/**
 * A 404 on a requisite: deleted meanwhile (another tab), so the list shown is out of date. A 403:
 * no longer the organisation's director (handed over elsewhere): the role is asked again, and the
 * page stops offering to add, change or delete requisites.
 */
function refreshOnRefusal(queryClient: QueryClient, profileId: number) {
  const roleRefused = refreshRoleIfForbidden(queryClient);
  return (error: unknown) => {
    if (isNotFoundStatus(error)) void queryClient.invalidateQueries({ queryKey: bankRequisiteKeys.list(profileId) });
    roleRefused(error);
  };
}

export function useSaveRequisite(profileId: number) {
  const queryClient = useQueryClient();
  return useMutation<ApiResult<BankRequisite>, ApiError, SaveRequisite>({
    mutationFn: saveRequisite,
    // Settles once the list holds the change: the dialog closes onto the page as it now is (its focus goes to the card).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankRequisiteKeys.list(profileId) }),
    onError: refreshOnRefusal(queryClient, profileId),
  });
}

export function useDeleteRequisite(profileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(bankRequisiteDelete, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankRequisiteKeys.list(profileId) }),
    onError: refreshOnRefusal(queryClient, profileId),
  });
}
