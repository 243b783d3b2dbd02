import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, errorMessage, PageHeader, PageSkeleton, useQueryRetry } from 'shared';
import { useActiveProfile } from 'shared/lk';
import { EmployeesView } from '../features/employee/components/employees-view';
import '../features/employee/components/employee.css';

export function Component() {
  const active = useActiveProfile();
  const { profile } = active;
  // «Повторить» stays, busy, until the answer; then «Сотрудники» takes its focus.
  const retry = useQueryRetry<HTMLHeadingElement>(active);

  if (retry.loading) return <PageSkeleton label="Загружаем сотрудников…" />;
  if (retry.failed) {
    return (
      <>
        <PageHeader title="Сотрудники" />
        <ErrorState title="Не удалось загрузить профиль" message={errorMessage(retry.error)} retrying={retry.retrying} onRetry={retry.retry} />
      </>
    );
  }
  if (profile?.type !== 'organization') {
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
