import type { QueryClient } from '@tanstack/react-query';
import { getServiceOptionsQueryOptions, serviceOptionNames } from 'shared';
import { idsOf } from './url-values';

/** Whether a list's URL chooses a service (or a group) that none of the results on screen names. */
export const namesMissing = (services: string | undefined, named: ReadonlyMap<number, string>): boolean =>
  idsOf(services).some((id) => !named.has(id));

/**
 * With the list's first page in: when its results do not name every chosen service (a group's id,
 * an empty result), the catalogue is read too, on the server as in the browser, so the head's title
 * and the chips name them (QA AAG-3), and the page hydrates with the names it was rendered with.
 */
export async function prefetchServiceNames(queryClient: QueryClient, services: string | undefined, named: ReadonlyMap<number, string>): Promise<void> {
  if (namesMissing(services, named)) await queryClient.prefetchQuery(getServiceOptionsQueryOptions());
}

/** The catalogue's names (its groups' among them) as far as the cache holds them. */
export const cachedServiceNames = (queryClient: QueryClient): Map<number, string> =>
  serviceOptionNames(queryClient.getQueryData(getServiceOptionsQueryOptions().queryKey)?.items ?? []);
