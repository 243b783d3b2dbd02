import { Link } from 'react-router-dom';
import { EmptyState, PageHeader, PageSkeleton } from 'shared';
import { NoProfileState, ProfileLoadError, useActiveProfile } from 'shared/lk';
import { ProfileServices } from '../features/services/components/profile-services';
import '../features/services/components/services.css';

const TITLE = 'Мои услуги';

/** `/lk/service`: the services the active executor or organisation offers. */
export function Component() {
  const active = useActiveProfile();
  if (active.isPending) return <PageSkeleton label="Загружаем услуги…" title={TITLE} />;

  const { profile } = active;
  return (
    <section className="services-page">
      <PageHeader title={TITLE} description="Заказчики находят исполнителей по услугам, а вы — подходящие заявки." />
      {!profile ? (
        active.isError ? (
          <ProfileLoadError active={active} />
        ) : (
          <NoProfileState description="Услуги указываются в профиле исполнителя." />
        )
      ) : profile.type === 'customer' ? (
        <EmptyState
          title="Услуги указывают исполнители"
          description="В профиле заказчика услуги не нужны: вы публикуете заявки, а исполнители откликаются. Чтобы предлагать свои услуги, переключитесь на профиль исполнителя."
          action={<Link to="/lk/profile">Перейти к профилю</Link>}
        />
      ) : (
        <ProfileServices profileId={profile.id} />
      )}
    </section>
  );
}
