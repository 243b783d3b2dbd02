import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, applyAuthData, passwordChange, type ApiError, type ApiResult, type AuthData, type CallBody } from 'shared';

export type ChangePasswordBody = CallBody<typeof passwordChange>;

export function changePassword(body: ChangePasswordBody) {
  return apiRequest(passwordChange, { body });
}

/** Other sessions are revoked; this one carries on with the fresh pair the call answers. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation<ApiResult<AuthData>, ApiError, ChangePasswordBody>({
    mutationFn: changePassword,
    onSuccess: ({ data }) => applyAuthData(queryClient, data),
  });
}
