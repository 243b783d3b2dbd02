import { formatPhone, PageHeader } from 'shared';
import { ProfileLoadError } from 'shared/lk';
import { PasswordForm } from '../features/profile/components/password-form';
import { PhoneForm } from '../features/profile/components/phone-form';
import { ProfileChooser } from '../features/profile/components/profile-chooser';
import { ProfileSkeleton } from '../features/profile/components/profile-skeleton';
import { PublicProfileForm } from '../features/profile/components/public-profile-form';
import { UserDetailsForm } from '../features/profile/components/user-details-form';
import '../features/profile/components/profile.css';
import { useUserAndProfiles } from '../lib/user-and-profiles';

export function Component() {
  // «Повторить» stays, busy, until the answer; then «Профиль» takes its focus.
  const { user, profiles, retry, headingRef } = useUserAndProfiles();

  if (retry.failed) {
    return <ProfileLoadError retry={retry} />;
  }
  if (!user.data || !profiles.data) return <ProfileSkeleton />;

  const items = profiles.data.items;
  const activeId = user.data.activeProfileId ?? items.find((p) => p.active)?.id ?? null;
  // The executor's page in the catalogue shows what this section edits.
  const executor = items.find((p) => p.id === activeId && p.type === 'executor');

  return (
    <>
      <PageHeader
        headingRef={headingRef}
        title="Профиль"
        description={
          <>
            {user.data.name} · <span className="ui-phone">{formatPhone(user.data.phone)}</span>
          </>
        }
      />
      <section className="profile-section" aria-labelledby="profile-type-title">
        <h2 id="profile-type-title">Тип профиля</h2>
        {activeId === null && (
          <p className="profile-section__lead">Выберите профиль, чтобы пользоваться личным кабинетом.</p>
        )}
        <ProfileChooser profiles={items} activeId={activeId} />
      </section>
      {executor && (
        <section className="profile-section" aria-labelledby="profile-public-title">
          <h2 id="profile-public-title">Страница исполнителя</h2>
          <p className="profile-section__lead">Эти сведения видят заказчики в каталоге исполнителей.</p>
          <PublicProfileForm key={executor.id} profile={executor} />
        </section>
      )}
      <section className="profile-section" aria-labelledby="profile-details-title">
        <h2 id="profile-details-title">Личные данные</h2>
        <UserDetailsForm key={user.data.id} user={user.data} />
      </section>
      <section className="profile-section" aria-labelledby="profile-phone-title">
        <h2 id="profile-phone-title">Телефон</h2>
        <PhoneForm currentPhone={user.data.phone} />
      </section>
      <section className="profile-section" aria-labelledby="profile-password-title">
        <h2 id="profile-password-title">Пароль</h2>
        <PasswordForm />
      </section>
    </>
  );
}
