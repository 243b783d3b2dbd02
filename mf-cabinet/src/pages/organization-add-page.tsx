import { Link } from 'react-router-dom';
import { PageHeader } from 'shared';
import { OrganizationAddForm } from '../features/organization/components/organization-add-form';
import '../features/organization/components/organization.css';

export function Component() {
  return (
    <>
      <PageHeader
        title="Добавление организации"
        description="Вы станете её руководителем: сможете приглашать сотрудников и действовать от имени организации."
      />
      <OrganizationAddForm />
      <p className="org-page__more">
        Вас пригласили сотрудником? <Link to="/lk/organization?invite">Введите код приглашения</Link> на странице организаций.
      </p>
    </>
  );
}
