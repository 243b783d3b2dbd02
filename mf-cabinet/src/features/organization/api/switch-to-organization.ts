import { profileSwitchedMessage, useUpdateProfile } from 'shared';
import { notifyError, notifySuccess } from '../notify';

/**
 * Makes an organisation the active profile (shared `useUpdateProfile` with its id). The outcome is
 * said by the switch itself, not by the control that started it: the invite dialog may be closed
 * (Escape) or the list left while the call runs, and the switch must not then happen unheard.
 */
export function useSwitchToOrganization() {
  return useUpdateProfile({
    onSuccess: ({ data, message }) => notifySuccess(message, profileSwitchedMessage(data.profile)),
    onError: (error) => notifyError(error),
  });
}
