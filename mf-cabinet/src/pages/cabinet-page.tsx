import { errorMessage, ErrorState, LoadingHeading, PageHeader } from 'shared';
import { NextStepsCard } from '../features/overview/components/next-steps-card';
import { Overview } from '../features/overview/components/overview';
import { OverviewSkeleton } from '../features/overview/components/overview-skeleton';
import { ProfileCard } from '../features/overview/components/profile-card';
import { nextSteps } from '../features/overview/lib/next-steps';
import '../features/overview/components/overview.css';
import { useUserAndProfiles } from '../lib/user-and-profiles';

const TITLE = 'Личный кабинет';

/** `/lk`: the active profile, its balance, applications and what to do next. */
export function Component() {
  // «Повторить» stays, busy, until the answer; then «Личный кабинет» takes its focus.
  const { user, profiles, retry, headingRef } = useUserAndProfiles();

  if (retry.failed) {
    return (
      <>
        <h1 className="ui-visually-hidden">{TITLE}</h1>
        <ErrorState
          title="Не удалось загрузить личный кабинет"
          message={errorMessage(retry.error)}
          retrying={retry.retrying}
          onRetry={retry.retry}
        />
      </>
    );
  }
  if (!user.data || !profiles.data) {
    // The title is known before the data: a screen reader finds it while the cards load (QA NN-1).
    return (
      <>
        <LoadingHeading title={TITLE} />
        <OverviewSkeleton />
      </>
    );
  }

  const items = profiles.data.items;
  const profile = items.find((p) => p.id === user.data.activeProfileId) ?? items.find((p) => p.active) ?? null;
  return (
    <section className="overview-page">
      <PageHeader headingRef={headingRef} title={TITLE} description={`Здравствуйте, ${user.data.name}!`} />
      {profile ? (
        <Overview profile={profile} />
      ) : (
        <div className="overview-grid">
          <ProfileCard profile={null} role={null} />
          <NextStepsCard steps={nextSteps({ profileType: null, canManage: false })} />
        </div>
      )}
    </section>
  );
}
