import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyProfileUpdate, profileSwitchedMessage, updateProfile, type ApiError, type UpdateProfileBody, type UpdateProfileResult } from 'shared';
import { notifyError, notifySuccess } from '../notify';

/**
 * Makes an organisation the active profile (`user/profile/update` with its id). The outcome is said
 * here, by the mutation itself, not by the control that started it: the invite dialog may be closed
 * (Escape) or the list left while the call runs, and the switch must not then happen unheard.
 */
export function useSwitchToOrganization() {
  const queryClient = useQueryClient();
  return useMutation<UpdateProfileResult, ApiError, UpdateProfileBody>({
    mutationFn: updateProfile,
    onSuccess: (result) => {
      applyProfileUpdate(queryClient, result);
      notifySuccess(result.message, profileSwitchedMessage(result.data.profile));
    },
    onError: (error) => notifyError(error),
  });
}
