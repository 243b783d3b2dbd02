import { useParams } from 'react-router-dom';
import { ApiError, errorMessage } from 'shared';
import { BackLink, DetailsSkeleton, NotFoundState, PageErrorState, parseRouteId } from '../features/common/components/page-states';
import { useService } from '../features/services/api/get-service';
import { ServiceDetails } from '../features/services/components/service-details';

function NotFound() {
  return (
    <NotFoundState
      title="Услуга не найдена"
      description="Возможно, её убрали из каталога или в адресе ошибка."
      backTo="/service"
      backLabel="Вернуться к каталогу услуг"
    />
  );
}

function ServiceView({ id }: { id: number }) {
  const { data, error, isPending, isError, isRefetching, refetch } = useService(id);
  if (isPending) return <DetailsSkeleton label="Загружаем услугу…" />;
  if (isError) {
    if (error instanceof ApiError && error.status === 404) return <NotFound />;
    return (
      <PageErrorState
        heading="Услуга"
        message={errorMessage(error, 'Не удалось загрузить услугу')}
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  }
  return <ServiceDetails service={data} />;
}

/** `/service/:id` */
export function Component() {
  const id = parseRouteId(useParams().id);
  return (
    <div className="catalog-page">
      <BackLink to="/service">Все услуги</BackLink>
      {id === null ? <NotFound /> : <ServiceView id={id} />}
    </div>
  );
}
