import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../api/api-error';
import { apiRequest } from '../../api/api-request';
import type { CallData } from '../../contract/define';
import { userProfileList } from '../../contract/user';
import { userKeys } from '../../query/query-keys';
import { hasSession, useSessionStore } from '../session-store';
import { useIsLoggedIn } from '../use-session';

export type ProfileList = CallData<typeof userProfileList>;

export function getProfilesQueryOptions() {
  return queryOptions<ProfileList, ApiError>({
    queryKey: userKeys.profiles(),
    queryFn: async ({ signal }) => {
      const { data } = await apiRequest(userProfileList, { signal });
      if (hasSession()) useSessionStore.getState().setProfiles(data.items);
      return data;
    },
  });
}

export function useProfiles() {
  return useQuery({ ...getProfilesQueryOptions(), enabled: useIsLoggedIn() });
}
