import { ErrorState, PageHeader, PageSkeleton } from 'shared';
import { useActiveProfile } from 'shared/lk';
import { Messenger } from '../features/messenger/components/messenger';

export function Component() {
  const { profile, isPending, isError, refetch } = useActiveProfile();
  if (isPending) return <PageSkeleton label="Загружаем сообщения…" />;
  if (isError || !profile) {
    return (
      <>
        <PageHeader title="Сообщения" />
        <ErrorState title="Не удалось загрузить профиль" message="Проверьте подключение и попробуйте ещё раз." onRetry={() => void refetch()} />
      </>
    );
  }
  // The conversations are the active profile's: another profile starts from a clean page.
  return <Messenger key={profile.id} profileId={profile.id} />;
}
