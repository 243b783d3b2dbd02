import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { errorMessage, type ApiError } from '../../api/api-error';
import { apiRequest, type ApiResult } from '../../api/api-request';
import type { CallBody, CallData } from '../../contract/define';
import { profileSwitchedMessage, userProfileUpdate, type Profile } from '../../contract/user';
import { bus } from '../../bus';
import type { SessionProfile } from '../session-store';
import { userKeys } from '../../query/query-keys';
import { applySessionProfiles, applySessionUser } from '../session-sync';
import type { ProfileList } from './get-profiles';

export type UpdateProfileBody = CallBody<typeof userProfileUpdate>;
export type UpdateProfileResult = ApiResult<CallData<typeof userProfileUpdate>>;

/** `{type}` creates or selects the personal profile of that type, `{id}` switches to any own profile. */
export function updateProfile(body: UpdateProfileBody): Promise<UpdateProfileResult> {
  return apiRequest(userProfileUpdate, { body });
}

function withProfile(items: Profile[], profile: Profile): Profile[] {
  const others = items.filter((p) => p.id !== profile.id).map((p) => ({ ...p, active: false }));
  const index = items.findIndex((p) => p.id === profile.id);
  const next = { ...profile, active: true };
  if (index < 0) return [...others, next];
  others.splice(index, 0, next);
  return others;
}

export function applyProfileUpdate(queryClient: QueryClient, { data }: UpdateProfileResult): void {
  const list = queryClient.getQueryData<ProfileList>(userKeys.profiles());
  applySessionProfiles(queryClient, withProfile(list?.items ?? [], data.profile));
  applySessionUser(queryClient, data.user);
  // Balance, lists and counters of the cabinet all belong to the active profile.
  void queryClient.invalidateQueries();
}

/**
 * The profile switch. `said`: what the switch itself says of its outcome, after the session took
 * it — heard even when the control that started it is gone (a dialog closed by Escape, a page left),
 * whose own callbacks are then dropped.
 */
export function useUpdateProfile(said?: { onSuccess?: (result: UpdateProfileResult) => void; onError?: (error: ApiError) => void }) {
  const queryClient = useQueryClient();
  return useMutation<UpdateProfileResult, ApiError, UpdateProfileBody>({
    mutationFn: updateProfile,
    onSuccess: (result) => {
      applyProfileUpdate(queryClient, result);
      said?.onSuccess?.(result);
    },
    onError: (error) => said?.onError?.(error),
  });
}

/**
 * A switch to another of the user's own profiles, as the header's switcher makes it: the success
 * says which profile is active now, a failure the server's message, both as toasts. `after` runs once
 * the session took it (e.g. to open what that profile may see), even when the control that asked is gone.
 */
export function useSwitchProfile() {
  // Said by the mutation itself: heard even when the control that asked is gone meanwhile.
  const update = useUpdateProfile({
    onSuccess: ({ message, data }) => bus.emit('toast:show', { type: 'success', message: message ?? profileSwitchedMessage(data.profile) }),
    onError: (error) => bus.emit('toast:show', { type: 'error', message: errorMessage(error) }),
  });
  // `after` through the promise, not the call's callbacks: those are dropped once the control that
  // asked is gone (a notification's panel, closed by the leave question asked before the switch).
  // Resolves whether it switched; a failure is said by the mutation itself.
  const switchTo = (profile: Pick<SessionProfile, 'id'>, after?: () => void): Promise<boolean> =>
    update.mutateAsync({ id: profile.id }).then(
      () => {
        after?.();
        return true;
      },
      () => false,
    );
  return { switchTo, pending: update.isPending, switchingTo: update.isPending ? update.variables?.id : undefined };
}
