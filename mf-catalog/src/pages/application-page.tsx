import { Link, useLocation, useParams } from 'react-router-dom';
import { ErrorState, errorMessage } from 'shared';
import { isNotFoundError, useApplication } from '../features/applications/api/get-application';
import { ApplicationDetails } from '../features/applications/components/application-details';
import { ApplicationDetailsSkeleton } from '../features/applications/components/application-details-skeleton';

function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Back to the list view the visitor came from (its filters and page), else to the plain list. */
function useBackTo(): string {
  const state: unknown = useLocation().state;
  const from = state && typeof state === 'object' && 'from' in state ? state.from : null;
  return typeof from === 'string' && from.startsWith('/application') ? from : '/application';
}

/** The empty-state look with a real h1: here it is the page's only heading. */
function NotFound() {
  return (
    <div className="ui-state ui-state--empty">
      <h1 className="ui-state__title">Заявка не найдена</h1>
      <p className="ui-state__description">Возможно, её сняли с публикации или в адресе ошибка.</p>
      <div className="ui-state__action">
        <Link to="/application">Вернуться к списку заявок</Link>
      </div>
    </div>
  );
}

function ApplicationView({ id }: { id: number }) {
  const { data, error, isPending, isError, isRefetching, refetch } = useApplication(id);
  if (isPending) return <ApplicationDetailsSkeleton />;
  if (isError) {
    if (isNotFoundError(error)) return <NotFound />;
    return (
      <>
        <h1 className="ui-visually-hidden">Заявка</h1>
        <ErrorState
          message={errorMessage(error, 'Не удалось загрузить заявку')}
          onRetry={() => void refetch()}
          retrying={isRefetching}
        />
      </>
    );
  }
  return <ApplicationDetails application={data} />;
}

/** `/application/:id` */
export function Component() {
  const id = parseId(useParams().id);
  const backTo = useBackTo();

  return (
    <div className="application-page">
      <Link className="back-link" to={backTo}>
        <span aria-hidden="true">← </span>Назад к заявкам
      </Link>
      {id === null ? <NotFound /> : <ApplicationView id={id} />}
    </div>
  );
}
