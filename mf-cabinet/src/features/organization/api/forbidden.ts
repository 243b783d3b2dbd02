import { isApiError } from 'shared';

/**
 * 403 on a write of the organisation: the caller is no longer its director (the directorship
 * handed over in another tab or on another device) or no longer a member. What the page offers
 * was read from a role that is out of date: it is asked again (shared `refreshOrganizations`).
 */
export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}
