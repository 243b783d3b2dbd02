import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  Button,
  EmptyState,
  messagingKeys,
  PageHeader,
  PageSkeleton,
  profileLabel,
  quoted,
  refreshOrganizations,
  useQueryRetry,
  useSessionStore,
  useSwitchProfile,
  type SessionProfile,
} from 'shared';
import { NoProfileState, ProfileLoadError, useActiveProfile } from 'shared/lk';
import { Messenger } from '../features/messenger/components/messenger';
import { messagesPaths } from '../features/messenger/lib/paths';
import { TEXTS } from '../features/messenger/lib/texts';

/** What in the URL names the open conversation (the filter's words do not). */
const CONVERSATION_PARAMS = ['messagingId', 'applicationId', 'profileId'] as const;

/**
 * The profile the open conversation was opened as, while another of the user's profiles is active
 * now (switched in another tab, or in the header); else null. Conversations are the active
 * profile's (ARCHITECTURE §8): as the other one, the URL's conversation is not found.
 */
function useConversationOfAnother(profile: SessionProfile | null): SessionProfile | null {
  const [params] = useSearchParams();
  const key = CONVERSATION_PARAMS.map((name) => params.get(name) ?? '').join(':');
  const named = params.has('messagingId') || params.has('applicationId');
  const [opened, setOpened] = useState<{ key: string; profile: SessionProfile } | null>(null);
  // Another conversation opened (or none): it is the active profile's. The same one stays its own.
  const current = named && profile ? (opened?.key === key ? opened : { key, profile }) : null;
  if (current !== opened) setOpened(current);
  const owner = useSessionStore((s) => (current ? s.profiles.find((p) => p.id === current.profile.id) : undefined));
  const queryClient = useQueryClient();
  if (!owner || !profile || owner.id === profile.id) return null;
  // Only a conversation that opened as that profile is its (QA YY-5): one it could not open (a link
  // of another profile's, come back to) would send the switch back to a «Диалог не найден», in a loop.
  const messagingId = Number(params.get('messagingId'));
  if (!messagingId) return owner;
  const loaded = queryClient.getQueriesData({ queryKey: [...messagingKeys.threads(), messagingId, owner.id] }).some(([, data]) => data !== undefined);
  return loaded ? owner : null;
}

/**
 * The conversation open when the active profile changed is the other profile's (QA RR-2): said so,
 * with the switch back, rather than an empty list and a conversation not found. What was typed in
 * it is kept under that profile (the composer's draft) and is there again after the switch.
 */
function ConversationOfAnother({ owner, active }: { owner: SessionProfile; active: SessionProfile }) {
  const { switchTo, pending } = useSwitchProfile();
  const label = quoted(profileLabel(owner));
  return (
    <>
      <PageHeader title={TEXTS.title} />
      <EmptyState
        title="Диалог другого профиля"
        description={`Этот диалог — профиля ${label}. Переключитесь на него, чтобы продолжить.`}
        action={
          <>
            <Button loading={pending} onClick={() => switchTo(owner)}>
              {`Переключиться на профиль ${label}`}
            </Button>
            <Link to={messagesPaths.list}>{`Диалоги профиля ${quoted(profileLabel(active))}`}</Link>
          </>
        }
      />
    </>
  );
}

export function Component() {
  const active = useActiveProfile();
  const { profile } = active;
  const queryClient = useQueryClient();
  const owner = useConversationOfAnother(profile);
  // The user is not known (the session's load failed): neither is whether he has a profile, so the
  // profiles alone are no answer; «Повторить» asks for both.
  const userUnknown = useSessionStore((s) => s.user === null);
  const known = profile || !userUnknown ? active : { ...active, isError: !active.isPending, isSuccess: false, refetch: () => refreshOrganizations(queryClient) };
  // «Повторить» stays, busy, until the answer; then «Сообщения» takes its focus.
  const retry = useQueryRetry<HTMLHeadingElement>(known);
  if (retry.loading) return <PageSkeleton label="Загружаем сообщения…" title={TEXTS.title} />;
  if (retry.failed) {
    return (
      <>
        <PageHeader title={TEXTS.title} />
        <ProfileLoadError retry={retry} />
      </>
    );
  }
  // Loaded, and none is active (none chosen yet, or an employee's organisation gone while the page
  // was open): nothing failed, so it is said as the cabinet's other pages of a profile say it.
  if (!profile) {
    return (
      <>
        <PageHeader headingRef={retry.target} title={TEXTS.title} />
        <NoProfileState description="Сообщения ведутся для каждого профиля отдельно." />
      </>
    );
  }
  if (owner) return <ConversationOfAnother owner={owner} active={profile} />;
  // The conversations are the active profile's: another profile starts from a clean page.
  return <Messenger key={profile.id} profileId={profile.id} />;
}
