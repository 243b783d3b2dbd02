import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ERROR_STATE_FALLBACK, ErrorState, errorMessage, LoadingSkeleton, Skeleton, useQueryRetry, type Service } from 'shared';
import { inCity } from '../../../lib/city-name';
import { cityOf, hrefWithCity, type CityParams } from '../../../lib/url-values';
import { useGroupServices } from '../api/get-services';
import './services.css';
import '../../../components/details.css';

function searchLinks(ids: number[], city: CityParams) {
  const services = ids.join(',');
  return {
    applications: hrefWithCity(`/application/search?${new URLSearchParams({ services })}`, city),
    executors: hrefWithCity(`/executor/search?${new URLSearchParams({ services })}`, city),
  };
}

/** The city the catalogue was filtered by, which this page's links keep, and the way out of it. */
function CityLine({ city }: { city: CityParams }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete('address');
  params.delete('addressName');
  const rest = params.toString();
  return (
    <p className="service-city">
      <span>{`Заявки и исполнители ${inCity(city.addressName)}`}</span>{' '}
      <Link to={rest ? `${pathname}?${rest}` : pathname}>Искать во всех городах</Link>
    </p>
  );
}

export function ServiceDetails({ service }: { service: Service }) {
  const isGroup = service.parentId === null;
  const city = cityOf(useSearchParams()[0]);
  const children = useGroupServices(service);
  // «Повторить» of the group's services stays, busy, until the answer, then their heading takes its focus.
  const retry = useQueryRetry<HTMLHeadingElement>(children);
  const childIds = children.data?.items.map((item) => item.id) ?? [];
  const links = searchLinks(isGroup && childIds.length > 0 ? childIds : [service.id], city);

  return (
    <article className="details" aria-labelledby="service-title">
      <header className="details__header">
        <p className="details__kicker">
          {isGroup ? (
            'Группа услуг'
          ) : (
            <>
              Группа: <Link to={hrefWithCity(`/service/${service.parentId}`, city)}>{service.group ?? 'без названия'}</Link>
            </>
          )}
        </p>
        <h1 id="service-title">{service.name}</h1>
      </header>
      <section className="details__section" aria-labelledby="service-find">
        <h2 id="service-find">{isGroup ? 'Найти по услугам группы' : 'Найти по этой услуге'}</h2>
        {city.address && <CityLine city={city} />}
        <ul className="link-list">
          <li>
            <Link className="action-link" to={links.applications}>
              {isGroup ? 'Заявки по услугам группы' : 'Заявки по услуге'}
            </Link>
          </li>
          <li>
            <Link className="action-link" to={links.executors}>
              {isGroup ? 'Исполнители услуг группы' : 'Исполнители услуги'}
            </Link>
          </li>
        </ul>
      </section>
      {isGroup && (
        <section className="details__section" aria-labelledby="service-children">
          <h2 ref={retry.target} id="service-children" tabIndex={-1}>
            Услуги группы
          </h2>
          {retry.loading ? (
            <LoadingSkeleton>
              <div aria-busy="true">
                <p role="status" className="ui-visually-hidden">
                  Загружаем услуги группы…
                </p>
                <Skeleton width="100%" height="3rem" shape="block" />
              </div>
            </LoadingSkeleton>
          ) : retry.failed || !children.data ? (
            <ErrorState
              title="Не удалось загрузить услуги группы"
              message={errorMessage(retry.error, ERROR_STATE_FALLBACK)}
              onRetry={retry.retry}
              retrying={retry.retrying}
            />
          ) : children.data.items.length === 0 ? (
            <p>В группе пока нет услуг.</p>
          ) : (
            <ul className="service-links">
              {children.data.items.map((child) => (
                <li key={child.id}>
                  <Link className="service-link" to={hrefWithCity(`/service/${child.id}`, city)}>
                    {child.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </article>
  );
}
