import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMessagings } from 'shared/lk';
import { messagesPaths, parseId } from '../lib/paths';

/** What the URL opens: nothing (the list), a conversation, or a "write to" entry about an application. */
export type Selection =
  | { kind: 'none' }
  | { kind: 'conversation'; messagingId: number }
  /** `?applicationId=` (+ `profileId`): its conversation is being looked for. */
  | { kind: 'lookup'; isError: boolean; retry: () => void }
  /** No conversation yet: the first message starts one. */
  | { kind: 'draft'; applicationId: number; profileId: number | null };

/**
 * `?messagingId=5` opens that conversation. `?applicationId=7` (an executor writing to the
 * customer) and `?applicationId=7&profileId=3` (the customer writing to that executor) open the
 * existing conversation about the application if `messaging/get-collection` has it (the URL
 * becomes `?messagingId=`), else an empty one whose first message creates it.
 */
export function useSelection(profileId: number): Selection {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const messagingId = parseId(params.get('messagingId'));
  const applicationId = messagingId === null ? parseId(params.get('applicationId')) : null;
  const withProfile = parseId(params.get('profileId'));
  const lookup = useMessagings(profileId, applicationId === null ? {} : { applicationId }, { enabled: applicationId !== null });
  const found =
    applicationId === null
      ? undefined
      : lookup.data?.pages.flatMap((page) => page.items).find((c) => c.application.id === applicationId && (withProfile === null || c.interlocutor.id === withProfile));
  const foundId = found?.id ?? null;
  // Once the empty conversation is shown it stays until its first message names the new one: a
  // list refetched after that message would otherwise race the writer's own navigation (which
  // react-router runs as a transition, after this urgent update).
  const entry = applicationId === null ? null : `${applicationId}:${withProfile ?? ''}`;
  const notFound = entry !== null && lookup.isSuccess && foundId === null;
  const [draftFor, setDraftFor] = useState<string | null>(null);
  useEffect(() => {
    if (entry === null) setDraftFor(null);
    else if (notFound) setDraftFor(entry);
  }, [entry, notFound]);
  const isDraft = entry !== null && (notFound || draftFor === entry);

  useEffect(() => {
    if (foundId !== null && !isDraft) void navigate(messagesPaths.conversation(foundId), { replace: true });
  }, [foundId, isDraft, navigate]);

  if (messagingId !== null) return { kind: 'conversation', messagingId };
  if (applicationId === null) return { kind: 'none' };
  if (isDraft) return { kind: 'draft', applicationId, profileId: withProfile };
  return { kind: 'lookup', isError: lookup.isError, retry: () => void lookup.refetch() };
}
