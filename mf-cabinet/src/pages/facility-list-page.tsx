import { Link } from 'react-router-dom';
import { PageHeader } from 'shared';
import { NoProfileState, ProfileLoadError, useActiveProfile } from 'shared/lk';
import { FacilityList } from '../features/facility/components/facility-list';
import { facilityPaths } from '../features/facility/lib/paths';
import '../features/facility/components/facility.css';

export function Component() {
  const active = useActiveProfile();
  // None chosen, or gone while the page is open (removed from the organisation): there is no list
  // to wait for, nor a profile to add a facility to.
  const noProfile = active.profile === null && !active.isPending && !active.isError;
  return (
    <div className="facility-page">
      <PageHeader
        title="Мои объекты"
        description="Объекты, где нужны работы: их можно выбрать в заявке."
        actions={
          noProfile ? undefined : (
            <Link className="ui-button ui-button--primary ui-button--md" to={facilityPaths.create}>
              Добавить объект
            </Link>
          )
        }
      />
      {active.isError ? (
        <ProfileLoadError active={active} />
      ) : noProfile ? (
        <NoProfileState description="Объекты ведутся для каждого профиля отдельно." />
      ) : (
        <FacilityList profileId={active.profile?.id ?? null} />
      )}
    </div>
  );
}
