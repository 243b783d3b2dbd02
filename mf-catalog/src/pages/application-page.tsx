import { useLocation, useParams } from 'react-router-dom';
import { applicationDocumentPublicDownload, errorMessage } from 'shared';
import { isNotFoundError, useApplication } from '../features/applications/api/get-application';
import { ApplicationDetails } from '../features/applications/components/application-details';
import { BackLink, DetailsSkeleton, NotFoundState, PageErrorState, parseRouteId } from '../features/common/components/page-states';
import { DocumentList } from '../features/documents/components/document-list';
import { PointMap } from '../features/map';

/** Back to the list view the visitor came from (its filters and page), else to the plain list. */
function useBackTo(): string {
  const state: unknown = useLocation().state;
  const from = state && typeof state === 'object' && 'from' in state ? state.from : null;
  return typeof from === 'string' && from.startsWith('/application') ? from : '/application';
}

function NotFound() {
  return (
    <NotFoundState
      title="Заявка не найдена"
      description="Возможно, её сняли с публикации или в адресе ошибка."
      backTo="/application"
      backLabel="Вернуться к списку заявок"
    />
  );
}

function ApplicationView({ id }: { id: number }) {
  const { data, error, isPending, isError, isRefetching, refetch } = useApplication(id);
  if (isPending) return <DetailsSkeleton label="Загружаем заявку…" />;
  if (isError) {
    if (isNotFoundError(error)) return <NotFound />;
    return (
      <PageErrorState
        heading="Заявка"
        message={errorMessage(error, 'Не удалось загрузить заявку')}
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  }
  const { geoLat, geoLon, value } = data.address;
  return (
    <ApplicationDetails
      application={data}
      addressMap={geoLat != null && geoLon != null ? <PointMap point={{ geoLat, geoLon }} label={value || data.name} /> : null}
      documents={<DocumentList documents={data.documents} call={applicationDocumentPublicDownload} />}
    />
  );
}

/** `/application/:id` */
export function Component() {
  const id = parseRouteId(useParams().id);
  const backTo = useBackTo();

  return (
    <div className="application-page">
      <BackLink to={backTo}>Назад к заявкам</BackLink>
      {id === null ? <NotFound /> : <ApplicationView id={id} />}
    </div>
  );
}
