import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../api/api-error';
import { apiRequest } from '../../api/api-request';
import type { SessionUser } from '../../contract/auth';
import { userGetToken } from '../../contract/user';
import { userKeys } from '../../query/query-keys';
import { hasSession, useSessionStore } from '../session-store';
import { useIsLoggedIn } from '../use-session';

export function getCurrentUserQueryOptions() {
  return queryOptions<SessionUser, ApiError>({
    queryKey: userKeys.current(),
    queryFn: async ({ signal }) => {
      const { data } = await apiRequest(userGetToken, { signal });
      // A logout during the request must not bring the user back into the store.
      if (hasSession()) useSessionStore.getState().setUser(data);
      return data;
    },
  });
}

export function useCurrentUser() {
  return useQuery({ ...getCurrentUserQueryOptions(), enabled: useIsLoggedIn() });
}
