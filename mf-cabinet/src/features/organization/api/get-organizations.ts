import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, organizationKeys } from 'shared';
import { organizationGetCollection } from 'shared/lk';

/** Every organisation the user belongs to, with its role there and whether it is the active profile. */
export function getOrganizationsQueryOptions() {
  return apiQueryOptions(organizationGetCollection, {}, organizationKeys.list({}));
}

export function useOrganizations() {
  return useQuery(getOrganizationsQueryOptions());
}
