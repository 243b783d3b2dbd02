import { useLocation, useParams } from 'react-router-dom';
import { ApiError, errorMessage } from 'shared';
import { BackLink, DetailsSkeleton, NotFoundState, PageErrorState, parseRouteId } from '../features/common/components/page-states';
import { useExecutor } from '../features/executors/api/get-executor';
import { ExecutorDetails } from '../features/executors/components/executor-details';

function NotFound() {
  return (
    <NotFoundState
      title="Исполнитель не найден"
      description="Возможно, профиль удалён или в адресе ошибка."
      backTo="/executor"
      backLabel="Вернуться к списку исполнителей"
    />
  );
}

function ExecutorView({ id }: { id: number }) {
  const { data, error, isPending, isError, isRefetching, refetch } = useExecutor(id);
  if (isPending) return <DetailsSkeleton label="Загружаем исполнителя…" />;
  if (isError) {
    if (error instanceof ApiError && error.status === 404) return <NotFound />;
    return (
      <PageErrorState
        heading="Исполнитель"
        message={errorMessage(error, 'Не удалось загрузить исполнителя')}
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  }
  return <ExecutorDetails executor={data} />;
}

/** `/executor/:id` */
export function Component() {
  const id = parseRouteId(useParams().id);
  const state: unknown = useLocation().state;
  const from = state && typeof state === 'object' && 'from' in state && typeof state.from === 'string' ? state.from : '';
  return (
    <div className="catalog-page">
      <BackLink to={from.startsWith('/executor') ? from : '/executor'}>Назад к исполнителям</BackLink>
      {id === null ? <NotFound /> : <ExecutorView id={id} />}
    </div>
  );
}
