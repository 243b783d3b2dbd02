import { useQueryClient } from '@tanstack/react-query';
import { ErrorState, errorMessage, PageHeader, PageSkeleton, refreshOrganizations, useQueryRetry, useSessionStore } from 'shared';
import { NoProfileState, useActiveProfile } from 'shared/lk';
import { Messenger } from '../features/messenger/components/messenger';
import { TEXTS } from '../features/messenger/lib/texts';

export function Component() {
  const active = useActiveProfile();
  const { profile } = active;
  const queryClient = useQueryClient();
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
        <ErrorState title="Не удалось загрузить профиль" message={errorMessage(retry.error)} retrying={retry.retrying} onRetry={retry.retry} />
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
  // The conversations are the active profile's: another profile starts from a clean page.
  return <Messenger key={profile.id} profileId={profile.id} />;
}
