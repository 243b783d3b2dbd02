import { useParams } from 'react-router-dom';
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
        {(data) => <FacilityDetail facility={data} />}
      </QueryView>
    </div>
  );
}
