import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, applicationGet, applicationKeys, isNotFoundStatus } from 'shared';
import type { ThreadHeading } from '../components/thread-header';

/** An application that `application/get` does not know (404): there is nobody to write to about it. */
export const MISSING_APPLICATION: ThreadHeading = { title: 'Заявка не найдена', application: null };

/**
 * The heading of a conversation not started yet, from `application/get` (the same cache entry as
 * the application's own pages): the customer when an executor writes, else the named replier;
 * MISSING_APPLICATION when there is no such application.
 */
export function useDraftHeading(applicationId: number | null, profileId: number | null): ThreadHeading {
  const { data, error } = useQuery({ ...apiQueryOptions(applicationGet, { query: { id: applicationId ?? 0 } }, applicationKeys.detail(applicationId ?? 0)), enabled: applicationId !== null });
  if (!data && isNotFoundStatus(error)) return MISSING_APPLICATION;
  if (!data) return { title: 'Новый диалог', application: null };
  const application = { id: data.id, number: data.number, name: data.name };
  if (profileId === null) return { title: data.customer.name, application };
  const replier = data.replies?.find((reply) => reply.executor.id === profileId)?.executor ?? (data.executor?.id === profileId ? data.executor : null);
  return { title: replier?.name ?? 'Новый диалог', application };
}
