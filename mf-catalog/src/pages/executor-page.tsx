import { useParams } from 'react-router-dom';
import { BackLink, NotFoundState, QueryView, useDocumentTitle, useFromList } from 'shared';
import { DetailsSkeleton } from '../components/details-skeleton';
import '../components/catalog.css';
import { useExecutor } from '../features/executors/api/get-executor';
import { ExecutorDetails } from '../features/executors/components/executor-details';
import { executorTitle } from '../features/executors/lib/executor-title';
import { EXECUTOR_NOT_FOUND } from '../lib/not-found';
import { parseRouteId } from '../lib/route-id';
import { useAfterHydration } from '../lib/use-hydrated';


/** The page's h1 before its executor is known: while it loads, and when it fails. */
const HEADING = 'Исполнитель';

/** О себе, Сведения (three facts), Услуги. */
const EXECUTOR_SECTIONS = ['3rem', '7.5rem', '2rem'];

function ExecutorView({ id }: { id: number }) {
  const query = useExecutor(id);
  useDocumentTitle(query.data && executorTitle(query.data));
  return (
    <QueryView
      query={query}
      heading={HEADING}
      loadingLabel="Загружаем исполнителя…"
      skeleton={<DetailsSkeleton label="Загружаем исполнителя…" title={HEADING} sections={EXECUTOR_SECTIONS} split />}
      errorFallback="Не удалось загрузить исполнителя"
      notFound={EXECUTOR_NOT_FOUND}
    >
      {(executor) => <ExecutorDetails executor={executor} />}
    </QueryView>
  );
}

/** `/executor/:id` */
export function Component() {
  const id = parseRouteId(useParams().id);
  // The list view the visitor came from lives in the browser's history only: the server links the plain list.
  const backTo = useAfterHydration(useFromList('/executor') ?? '/executor', '/executor');
  return (
    <div className="catalog-page">
      <BackLink to={backTo}>Назад к исполнителям</BackLink>
      {id === null ? <NotFoundState {...EXECUTOR_NOT_FOUND} /> : <ExecutorView id={id} />}
    </div>
  );
}
