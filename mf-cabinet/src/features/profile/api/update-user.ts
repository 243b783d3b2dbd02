import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, applySessionUser, userUpdate, type ApiError, type ApiResult, type CallBody, type SessionUser } from 'shared';

export type UpdateUserBody = CallBody<typeof userUpdate>;

export function updateUser(body: UpdateUserBody) {
  return apiRequest(userUpdate, { body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation<ApiResult<SessionUser>, ApiError, UpdateUserBody>({
    mutationFn: updateUser,
    onSuccess: ({ data }) => applySessionUser(queryClient, data),
  });
}
