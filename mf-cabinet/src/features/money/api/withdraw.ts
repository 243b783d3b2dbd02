import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, balanceKeys, bankRequisiteKeys, isNotFoundStatus, type ApiError, type ApiResult } from 'shared';
import { balanceRefundVirtualAccount, IDEMPOTENCY_KEY_HEADER, type Withdrawal, type WithdrawalBody } from 'shared/lk';
import { refreshRoleIfForbidden } from '../../../lib/role-refused';

export interface WithdrawRequest {
  body: WithdrawalBody;
  idempotencyKey: string;
}

export function withdraw({ body, idempotencyKey }: WithdrawRequest): Promise<ApiResult<Withdrawal>> {
  return apiRequest(balanceRefundVirtualAccount, { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/**
 * After a payout the balance (header too) and the history change: both live under `balanceKeys.all`.
 * A 404 names a requisite deleted meanwhile (another tab): the choice offered is asked again. A 403:
 * no longer the organisation's director (handed over elsewhere): the role is asked again, and the
 * page stops offering the withdrawal.
 */
export function useWithdraw() {
  const queryClient = useQueryClient();
  const roleRefused = refreshRoleIfForbidden(queryClient);
  return useMutation<ApiResult<Withdrawal>, ApiError, WithdrawRequest>({
    mutationFn: withdraw,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
    onError: (error) => {
      if (isNotFoundStatus(error)) void queryClient.invalidateQueries({ queryKey: bankRequisiteKeys.all });
      roleRefused(error);
    },
  });
}
