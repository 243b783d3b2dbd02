import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQueryOptions, employeeKeys } from 'shared';
import { organizationEmployeeGetCollection } from 'shared/lk';

export interface EmployeeFilter {
  query: string;
  page: number;
}

/** The staff of the active organisation (the bearer's), so the profile id is in the key. */
export function getEmployeesQueryOptions(profileId: number, { query, page }: EmployeeFilter) {
  const params = { page, ...(query ? { query } : {}) };
  return apiQueryOptions(organizationEmployeeGetCollection, { query: params }, employeeKeys.list({ profileId, ...params }));
}

/** The previous page stays on screen while a new search is asked for. */
export function useEmployees(profileId: number, filter: EmployeeFilter) {
  return useQuery({ ...getEmployeesQueryOptions(profileId, filter), placeholderData: keepPreviousData });
}
