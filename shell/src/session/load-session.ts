import type { QueryClient } from '@tanstack/react-query';
import { getCurrentUserQueryOptions, getProfilesQueryOptions, hasSession } from 'shared';

/**
 * A browser holding the cookies is logged in (ARCHITECTURE §3): the user and the profiles are
 * loaded once, into the cache and the session store the guards read. The API client renews an
 * expired access token itself. Resolves to false when there is no session or it could not load.
 */
export function loadSession(queryClient: QueryClient): Promise<boolean> {
  pending = fetchSession(queryClient).finally(() => {
    pending = null;
  });
  return pending;
}

let pending: Promise<boolean> | null = null;

/** The session load under way, if any: guards that need the profile wait for it. */
export function pendingSessionLoad(): Promise<unknown> {
  return pending ?? Promise.resolve();
}

async function fetchSession(queryClient: QueryClient): Promise<boolean> {
  if (!hasSession()) return false;
  try {
    await Promise.all([
      queryClient.fetchQuery(getCurrentUserQueryOptions()),
      queryClient.fetchQuery(getProfilesQueryOptions()),
    ]);
    return true;
  } catch {
    return false;
  }
}
