import { useLocation, useParams } from 'react-router-dom';
import { NotFoundState, QueryView } from 'shared';
import { BackLink } from '../components/back-link';
import '../components/catalog.css';
import { useExecutor } from '../features/executors/api/get-executor';
import { ExecutorDetails } from '../features/executors/components/executor-details';
import { parseRouteId } from '../lib/route-id';

const notFound = {
  title: 'Исполнитель не найден',
  description: 'Возможно, профиль удалён или в адресе ошибка.',
  backTo: '/executor',
  backLabel: 'Вернуться к списку исполнителей',
};

function ExecutorView({ id }: { id: number }) {
  return (
    <QueryView
      query={useExecutor(id)}
      heading="Исполнитель"
      loadingLabel="Загружаем исполнителя…"
      errorFallback="Не удалось загрузить исполнителя"
      notFound={notFound}
    >
      {(executor) => <ExecutorDetails executor={executor} />}
    </QueryView>
  );
}

/** `/executor/:id` */
export function Component() {
  const id = parseRouteId(useParams().id);
  const state: unknown = useLocation().state;
  const from = state && typeof state === 'object' && 'from' in state && typeof state.from === 'string' ? state.from : '';
  return (
    <div className="catalog-page">
      <BackLink to={from.startsWith('/executor') ? from : '/executor'}>Назад к исполнителям</BackLink>
      {id === null ? <NotFoundState {...notFound} /> : <ExecutorView id={id} />}
    </div>
  );
}
