import { Link } from 'react-router-dom';
import { EmptyState, PageHeader, PageSkeleton, useQueryRetry } from 'shared';
import { NoProfileState, ProfileLoadError, useActiveProfile } from 'shared/lk';
import { EmployeesView } from '../features/employee/components/employees-view';
import '../features/employee/components/employee.css';

export function Component() {
  const active = useActiveProfile();
  const { profile } = active;
  // «Повторить» stays, busy, until the answer; then «Сотрудники» takes its focus.
  const retry = useQueryRetry<HTMLHeadingElement>(active);

  if (retry.loading) return <PageSkeleton label="Загружаем сотрудников…" title="Сотрудники" />;
  if (retry.failed) {
    return (
      <>
        <PageHeader title="Сотрудники" />
        <ProfileLoadError retry={retry} />
      </>
    );
  }
  // No profile at all (none chosen, or the organisation's gone while the page is open): «от своего
  // имени» would be untrue, so it is said as the other pages of a profile say it.
  if (!profile) {
    return (
      <>
        <PageHeader headingRef={retry.target} title="Сотрудники" />
        <NoProfileState description="Сотрудники есть только у организации: выберите её профиль или добавьте свою." />
      </>
    );
  }
  if (profile.type !== 'organization') {
    return (
      <>
        <PageHeader headingRef={retry.target} title="Сотрудники" />
        <EmptyState
          title="Сотрудники есть только у организации"
          description="Сейчас вы действуете от своего имени. Переключитесь на организацию, в которой работаете, или добавьте свою — тогда здесь появится её команда."
          action={<Link to="/lk/organization">К организациям</Link>}
        />
      </>
    );
  }
  return <EmployeesView key={profile.id} profile={profile} headingRef={retry.target} />;
}
