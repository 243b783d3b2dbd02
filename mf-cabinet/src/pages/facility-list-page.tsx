import { Link } from 'react-router-dom';
import { PageHeader } from 'shared';
import { FacilityList } from '../features/facility/components/facility-list';
import { facilityPaths } from '../features/facility/lib/paths';
import '../features/facility/components/facility.css';

export function Component() {
  return (
    <div className="facility-page">
      <PageHeader
        title="Мои объекты"
        description="Объекты, где нужны работы: их можно выбрать в заявке."
        actions={
          <Link className="ui-button ui-button--primary ui-button--md" to={facilityPaths.create}>
            Добавить объект
          </Link>
        }
      />
      <FacilityList />
    </div>
  );
}
