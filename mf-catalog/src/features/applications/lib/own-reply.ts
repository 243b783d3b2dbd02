import type { ApplicationView, Reply } from 'shared';

/** The profile's live reply among those the application's answer lists it (its own, for a replier). */
export const activeReplyOf = (application: Pick<ApplicationView, 'replies'>, profileId: number): Reply | undefined =>
  application.replies?.find((reply) => reply.status === 'active' && reply.executor.id === profileId);
