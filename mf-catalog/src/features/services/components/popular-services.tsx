import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, errorMessage, Skeleton, type Service } from 'shared';
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

/** The first services of the catalogue on the home page. */
export function PopularServices() {
  const { data, error, isPending, isError, refetch } = useServices(POPULAR_SERVICES);

  return (
    <section className="home-section" aria-labelledby="popular-services-title">
      <div className="home-section__head">
        <h2 id="popular-services-title">Популярные услуги</h2>
        <Link to="/service">Все услуги</Link>
      </div>
      {isPending ? (
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
      ) : isError ? (
        <ErrorState
          message={errorMessage(error, 'Не удалось загрузить услуги')}
          onRetry={() => void refetch()}
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
