import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, applySessionUser, userUpdatePhone, type ApiError, type ApiResult, type CallBody, type SessionUser } from 'shared';

export type UpdatePhoneBody = CallBody<typeof userUpdatePhone>;

export function updatePhone(body: UpdatePhoneBody) {
  return apiRequest(userUpdatePhone, { body });
}

export function useUpdatePhone() {
  const queryClient = useQueryClient();
  return useMutation<ApiResult<SessionUser>, ApiError, UpdatePhoneBody>({
    mutationFn: updatePhone,
    onSuccess: ({ data }) => applySessionUser(queryClient, data),
  });
}
