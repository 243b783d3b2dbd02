import { useParams } from 'react-router-dom';
import { ApiError, errorMessage, facilityDocumentPublicDownload } from 'shared';
import { DetailsSkeleton, NotFoundState, PageErrorState, parseRouteId } from '../features/common/components/page-states';
import { DocumentList } from '../features/documents/components/document-list';
import { useFacility } from '../features/facilities/api/get-facility';
import { FacilityDetails } from '../features/facilities/components/facility-details';
import { PointMap } from '../features/map';

function NotFound() {
  return (
    <NotFoundState
      title="Объект не найден"
      description="Возможно, объект удалён или в адресе ошибка."
      backTo="/"
      backLabel="На главную"
    />
  );
}

function FacilityView({ id }: { id: number }) {
  const { data, error, isPending, isError, isRefetching, refetch } = useFacility(id);
  if (isPending) return <DetailsSkeleton label="Загружаем объект…" />;
  if (isError) {
    if (error instanceof ApiError && error.status === 404) return <NotFound />;
    return (
      <PageErrorState
        heading="Объект"
        message={errorMessage(error, 'Не удалось загрузить объект')}
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  }
  const { geoLat, geoLon, value } = data.address;
  return (
    <FacilityDetails
      facility={data}
      addressMap={geoLat != null && geoLon != null ? <PointMap point={{ geoLat, geoLon }} label={value || data.name} /> : null}
      documents={<DocumentList documents={data.documents} call={facilityDocumentPublicDownload} />}
    />
  );
}

/** `/facility/:id` */
export function Component() {
  const id = parseRouteId(useParams().id);
  return <div className="catalog-page">{id === null ? <NotFound /> : <FacilityView id={id} />}</div>;
}
