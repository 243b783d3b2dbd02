import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, PageHeader, PageSkeleton } from 'shared';
import { useActiveProfile } from 'shared/lk';
import { EmployeesView } from '../features/employee/components/employees-view';
import '../features/employee/components/employee.css';

export function Component() {
  const { profile, isPending, isError, refetch } = useActiveProfile();

  if (isPending) return <PageSkeleton label="Загружаем сотрудников…" />;
  if (isError) {
    return (
      <>
        <PageHeader title="Сотрудники" />
        <ErrorState title="Не удалось загрузить профиль" message="Проверьте подключение и попробуйте ещё раз." onRetry={() => void refetch()} />
      </>
    );
  }
  if (profile?.type !== 'organization') {
    return (
      <>
        <PageHeader title="Сотрудники" />
        <EmptyState
          title="Сотрудники есть только у организации"
          description="Сейчас вы действуете от своего имени. Переключитесь на организацию, в которой работаете, или добавьте свою — тогда здесь появится её команда."
          action={<Link to="/lk/organization">К организациям</Link>}
        />
      </>
    );
  }
  return <EmployeesView key={profile.id} profile={profile} />;
}
