import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQueryOptions, facilityKeys, profileFacilityGetCollection } from 'shared';

export const FACILITIES_PAGE_SIZE = 12;

/** The active profile's facilities, newest first (the contract's default sort). */
export function getFacilitiesQueryOptions(profileId: number | null, page: number) {
  const query = { page, limit: FACILITIES_PAGE_SIZE };
  return apiQueryOptions(profileFacilityGetCollection, { query }, facilityKeys.ownList(profileId, query));
}

export function useFacilities(profileId: number | null, page: number) {
  return useQuery({ ...getFacilitiesQueryOptions(profileId, page), enabled: profileId !== null, placeholderData: keepPreviousData });
}
