import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, bankRequisiteKeys, isNotFoundStatus, type ApiError, type ApiResult } from 'shared';
import { bankRequisiteCreate, bankRequisiteDelete, bankRequisiteUpdate, type BankRequisite, type BankRequisiteBody } from 'shared/lk';

/** `id` set: an update of that requisite; else a new one. */
export interface SaveRequisite {
  id?: number;
  body: BankRequisiteBody;
}

export function saveRequisite({ id, body }: SaveRequisite): Promise<ApiResult<BankRequisite>> {
  return id === undefined ? apiRequest(bankRequisiteCreate, { body }) : apiRequest(bankRequisiteUpdate, { body: { ...body, id } });
}

/** A 404 on a requisite: deleted meanwhile (another tab), so the list shown is out of date. */
function refreshOnNotFound(queryClient: QueryClient, profileId: number) {
  return (error: unknown) => {
    if (isNotFoundStatus(error)) void queryClient.invalidateQueries({ queryKey: bankRequisiteKeys.list(profileId) });
  };
}

export function useSaveRequisite(profileId: number) {
  const queryClient = useQueryClient();
  return useMutation<ApiResult<BankRequisite>, ApiError, SaveRequisite>({
    mutationFn: saveRequisite,
    // Settles once the list holds the change: the dialog closes onto the page as it now is (its focus goes to the card).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankRequisiteKeys.list(profileId) }),
    onError: refreshOnNotFound(queryClient, profileId),
  });
}

export function useDeleteRequisite(profileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(bankRequisiteDelete, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankRequisiteKeys.list(profileId) }),
    onError: refreshOnNotFound(queryClient, profileId),
  });
}
