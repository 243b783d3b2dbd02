import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, organizationKeys } from 'shared';
import { organizationGetProfile } from 'shared/lk';

/**
 * `organization/get/profile` answers for the active profile, so its id is in the key (as useProfileRights keys it):
 * /lk/organization shows it, /lk/money's new requisites start from its name, INN and KPP.
 */
export function getOrganizationProfileQueryOptions(profileId: number | null) {
  return apiQueryOptions(organizationGetProfile, {}, organizationKeys.profile(profileId));
}

export function useOrganizationProfile(profileId: number | null, enabled = true) {
  return useQuery({ ...getOrganizationProfileQueryOptions(profileId), enabled: enabled && profileId !== null });
}
