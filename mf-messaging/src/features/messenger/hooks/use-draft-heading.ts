import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, applicationGet, applicationKeys } from 'shared';
import type { ThreadHeading } from '../components/thread-header';

/**
 * The heading of a conversation not started yet, from `application/get` (the same cache entry as
 * the application's own pages): the customer when an executor writes, else the named replier.
 */
export function useDraftHeading(applicationId: number | null, profileId: number | null): ThreadHeading {
  const { data } = useQuery({ ...apiQueryOptions(applicationGet, { query: { id: applicationId ?? 0 } }, applicationKeys.detail(applicationId ?? 0)), enabled: applicationId !== null });
  if (!data) return { title: 'Новый диалог', application: null };
  const application = { id: data.id, number: data.number, name: data.name };
  if (profileId === null) return { title: data.customer.name, application };
  const replier = data.replies?.find((reply) => reply.executor.id === profileId)?.executor ?? (data.executor?.id === profileId ? data.executor : null);
  return { title: replier?.name ?? 'Новый диалог', application };
}
