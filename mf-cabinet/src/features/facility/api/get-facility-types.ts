import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, facilityKeys } from 'shared';
import { profileFacilityGetType } from 'shared/lk';

export function getFacilityTypesQueryOptions() {
  // Seeded by the API: they change with a deploy, not while a form is open.
  return { ...apiQueryOptions(profileFacilityGetType, {}, facilityKeys.types()), staleTime: 60 * 60_000 };
}

export function useFacilityTypes() {
  return useQuery(getFacilityTypesQueryOptions());
}
