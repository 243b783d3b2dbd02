import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQueryOptions, facilityKeys } from 'shared';
import { profileFacilityGetCollection, type ProfileFacilityListQuery } from '../contract/facility-lk';

/**
 * `profile/facility/get-collection`: the active profile's facilities (the cabinet's list and the
 * application form's picker), under one key per profile and query for every remote.
 */
export function getOwnFacilitiesQueryOptions(profileId: number | null, query: ProfileFacilityListQuery) {
  return apiQueryOptions(profileFacilityGetCollection, { query }, facilityKeys.ownList(profileId, query));
}

/** Asked once the active profile is known; `keepPrevious` keeps a page on screen while the next loads. */
export function useOwnFacilities(profileId: number | null, query: ProfileFacilityListQuery, { keepPrevious = false }: { keepPrevious?: boolean } = {}) {
  return useQuery({
    ...getOwnFacilitiesQueryOptions(profileId, query),
    enabled: profileId !== null,
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}
