import { Navigate, useParams } from 'react-router-dom';
import { NotFoundState, QueryView } from 'shared';
import { useFacility } from '../features/facility/api/get-facility';
import { FacilityDetail } from '../features/facility/components/facility-detail';
import { facilityPaths, idFrom } from '../features/facility/lib/paths';
import '../features/facility/components/facility.css';

const NOT_FOUND = { title: 'Объект не найден', description: 'Возможно, он удалён или адрес набран с ошибкой.', backTo: facilityPaths.list, backLabel: 'К моим объектам' };

export function Component() {
  const id = idFrom(useParams().id);
  const facility = useFacility(id);
  if (id === null) return <NotFoundState {...NOT_FOUND} />;
  return (
    <div className="facility-page">
      <QueryView query={facility} heading="Объект" loadingLabel="Загружаем объект…" errorFallback="Не удалось загрузить объект" notFound={NOT_FOUND}>
        {(data) =>
          // `profile/facility/get` answers anyone (spec §7): a facility not of the active profile
          // (a link from elsewhere, or a profile switched on this page) is not one of «my objects»,
          // so it opens where it is everyone's, in this page's place in the history.
          data.editable ? <FacilityDetail facility={data} /> : <Navigate to={facilityPaths.public(data.id)} replace />
        }
      </QueryView>
    </div>
  );
}
