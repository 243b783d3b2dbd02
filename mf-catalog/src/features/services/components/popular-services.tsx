import { Link } from 'react-router-dom';
import { EmptyState, ERROR_STATE_FALLBACK, ErrorState, errorMessage, LoadingSkeleton, Skeleton, useQueryRetry, type Service } from 'shared';
import { POPULAR_SERVICES, SERVICE_PAGE_SIZE, useServices } from '../api/get-services';
import './services.css';

/**
 * The first services of the catalogue. A service opens the applications that need it; a group
 * (`parentId` null) names no application itself (applications name services proper), so it opens
 * its page, which lists its services and searches by all of them.
 */
function serviceHref(service: Service): string {
  return service.parentId === null ? `/service/${service.id}` : `/application?services=${service.id}`;
}

/**
 * The first services of the catalogue on the home page. Its failure names the section (the page's
 * other section may fail beside it); «Повторить» stays, busy, until the answer, then the section's
 * heading takes its focus (useQueryRetry).
 */
export function PopularServices() {
  const query = useServices(POPULAR_SERVICES);
  const { data } = query;
  const retry = useQueryRetry<HTMLHeadingElement>(query);

  return (
    <section className="home-section" aria-labelledby="popular-services-title">
      <div className="home-section__head">
        <h2 ref={retry.target} id="popular-services-title" tabIndex={-1}>
          Популярные услуги
        </h2>
        <Link to="/service">Все услуги</Link>
      </div>
      {retry.loading ? (
        <LoadingSkeleton>
          <div aria-busy="true">
            <p role="status" className="ui-visually-hidden">
              Загружаем услуги…
            </p>
            <ul className="service-links" aria-hidden="true">
              {Array.from({ length: SERVICE_PAGE_SIZE }, (_, i) => (
                <li key={i}>
                  <Skeleton width="9rem" height="2.5rem" />
                </li>
              ))}
            </ul>
          </div>
        </LoadingSkeleton>
      ) : retry.failed || !data ? (
        <ErrorState
          title="Не удалось загрузить популярные услуги"
          message={errorMessage(retry.error, ERROR_STATE_FALLBACK)}
          onRetry={retry.retry}
          retrying={retry.retrying}
        />
      ) : data.items.length === 0 ? (
        <EmptyState title="Услуги пока не добавлены" />
      ) : (
        <ul className="service-links">
          {data.items.map((service) => (
            <li key={service.id}>
              <Link className="service-link" to={serviceHref(service)}>
                {service.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
