import { errorMessage, LoadingSkeleton, Skeleton } from 'shared';
import { formatPublicDateTime } from '../../../lib/dates';
import { useAfterHydration } from '../../../lib/use-hydrated';
import { useHealth } from '../api/get-health';
import { CheckAgainForm } from './check-again-form';
import { StatusBadge } from './status-badge';
import './system-status.css';

export function ApiHealthCard({ apiUrl }: { apiUrl: string }) {
  const { data, error, isPending, isError, isFetching, dataUpdatedAt, errorUpdatedAt, refetch } = useHealth();
  const checkedAt = isError ? errorUpdatedAt : dataUpdatedAt;
  // The server's render (and the hydration that repeats it) sees the check the browser will make
  // on mount as under way: it is not, and without scripts it never would be.
  const checking = useAfterHydration(isFetching, false);

  return (
    <section className="status-card" aria-labelledby="status-api-title" aria-busy={checking}>
      <h2 id="status-api-title">API</h2>
      {isPending ? (
        <LoadingSkeleton>
          <p role="status">
            <StatusBadge tone="pending">проверяем…</StatusBadge>
          </p>
          <Skeleton width="60%" />
        </LoadingSkeleton>
      ) : (
        <>
          <p role="status">
            {isError ? <StatusBadge tone="fail">недоступен</StatusBadge> : <StatusBadge tone="ok">работает</StatusBadge>}
          </p>
          <dl className="facts">
            <div>
              <dt>Адрес</dt>
              <dd className="status-card__code">{apiUrl}/api/health</dd>
            </div>
            {isError ? (
              <div>
                <dt>Ошибка</dt>
                <dd>{errorMessage(error, 'Нет ответа')}</dd>
              </div>
            ) : (
              <>
                <div>
                  <dt>База данных</dt>
                  <dd>{data.db === 'ok' ? 'работает' : data.db}</dd>
                </div>
                <div>
                  <dt>Версия</dt>
                  <dd className="status-card__code">{data.version}</dd>
                </div>
              </>
            )}
            {checkedAt > 0 && (
              <div>
                <dt>Проверено</dt>
                <dd>{formatPublicDateTime(new Date(checkedAt))}</dd>
              </div>
            )}
          </dl>
        </>
      )}
      <CheckAgainForm className="status-card__check" size="sm" loading={checking && !isPending} onCheck={() => void refetch()}>
        Проверить API снова
      </CheckAgainForm>
    </section>
  );
}
