import { getOwnFacilitiesQueryOptions, useOwnFacilities } from 'shared/lk';

export const FACILITIES_PAGE_SIZE = 12;

/** The active profile's facilities, newest first (the contract's default sort); shared with the application form. */
export function getFacilitiesQueryOptions(profileId: number | null, page: number) {
  return getOwnFacilitiesQueryOptions(profileId, { page, limit: FACILITIES_PAGE_SIZE });
}

export function useFacilities(profileId: number | null, page: number) {
  return useOwnFacilities(profileId, { page, limit: FACILITIES_PAGE_SIZE }, { keepPrevious: true });
}
