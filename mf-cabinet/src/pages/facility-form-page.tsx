import { useSearchParams } from 'react-router-dom';
import { facilitySeenOf } from 'shared/lk';
import { isNotFoundStatus, NotFoundState, PageHeader, QueryView, useDocumentTitle } from 'shared';
import { useFacility } from '../features/facility/api/get-facility';
import { FacilityForm } from '../features/facility/components/facility-form';
import { emptyFormValues, formValuesOf } from '../features/facility/lib/form-values';
import { facilityPaths, idFrom } from '../features/facility/lib/paths';
import '../features/facility/components/facility.css';

const NEW_TITLE = 'Новый объект';
const EDIT_TITLE = 'Изменение объекта';

const NOT_FOUND = { title: 'Объект не найден', description: 'Возможно, он удалён или принадлежит другому профилю.', backTo: facilityPaths.list, backLabel: 'К моим объектам' };

/** `/lk/facility/form` creates a facility; `/lk/facility/form?id=12` edits facility 12. */
export function Component() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = idFrom(raw);
  const facility = useFacility(id);
  // One route for both: the tab says the heading (the route's plain title is the new facility's,
  // and stays when `?id=` comes or goes), except where a NotFoundState stands and names it itself.
  const notFound = raw !== null && (id === null || (facility.isError && isNotFoundStatus(facility.error)) || facility.data?.editable === false);
  useDocumentTitle(notFound ? undefined : id === null ? NEW_TITLE : EDIT_TITLE);

  if (raw !== null && id === null) return <NotFoundState {...NOT_FOUND} />;
  if (id === null) {
    return (
      <div className="facility-page">
        <PageHeader title={NEW_TITLE} description="Поля, кроме описания, обязательны." />
        <FacilityForm facilityId={null} initialValues={emptyFormValues()} />
      </div>
    );
  }
  return (
    <div className="facility-page">
      <QueryView query={facility} heading={EDIT_TITLE} loadingLabel="Загружаем объект…" errorFallback="Не удалось загрузить объект" notFound={NOT_FOUND}>
        {(data) =>
          data.editable ? (
            <>
              <PageHeader title={EDIT_TITLE} description={data.name} />
              <FacilityForm key={data.id} facilityId={data.id} initialValues={formValuesOf(data)} seen={facilitySeenOf(data)} documents={data.documents} />
            </>
          ) : (
            <NotFoundState title="Этот объект нельзя изменить" description="Изменять объект может только его профиль." backTo={facilityPaths.public(data.id)} backLabel="К объекту" />
          )
        }
      </QueryView>
    </div>
  );
}
