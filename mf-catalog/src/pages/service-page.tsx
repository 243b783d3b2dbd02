import { useParams, useSearchParams } from 'react-router-dom';
import { BackLink, NotFoundState, QueryView, useDocumentTitle, useFromList } from 'shared';
import { DetailsSkeleton } from '../components/details-skeleton';
import '../components/catalog.css';
import { useService } from '../features/services/api/get-service';
import { ServiceDetails } from '../features/services/components/service-details';
import { serviceTitle } from '../features/services/lib/service-title';
import { SERVICE_NOT_FOUND } from '../lib/not-found';
import { parseRouteId } from '../lib/route-id';
import { cityOf, hrefWithCity } from '../lib/url-values';
import { useAfterHydration } from '../lib/use-hydrated';


/** `/service/:id` */
export function Component() {
  const id = parseRouteId(useParams().id);
  // Back to the catalogue of the city the visitor came with; once hydrated, to the very view the
  // catalogue's link was followed from (its query, sort and page: the history entry's state, which
  // the server never sees), as the application and executor pages do.
  const withCity = hrefWithCity('/service', cityOf(useSearchParams()[0]));
  const backTo = useAfterHydration(useFromList('/service') ?? withCity, withCity);
  return (
    <div className="catalog-page">
      <BackLink to={backTo}>Все услуги</BackLink>
      {id === null ? <NotFoundState {...SERVICE_NOT_FOUND} /> : <ServiceView id={id} />}
    </div>
  );
}

/** The page's h1 before its service is known: while it loads, and when it fails. */
const HEADING = 'Услуга';

/** «Найти по этой услуге» (по услугам группы) with its two links. */
const SERVICE_SECTIONS = ['5rem'];

function ServiceView({ id }: { id: number }) {
  const query = useService(id);
  useDocumentTitle(query.data && serviceTitle(query.data));
  return (
    <QueryView
      query={query}
      heading={HEADING}
      loadingLabel="Загружаем услугу…"
      skeleton={<DetailsSkeleton label="Загружаем услугу…" title={HEADING} sections={SERVICE_SECTIONS} />}
      errorFallback="Не удалось загрузить услугу"
      notFound={SERVICE_NOT_FOUND}
    >
      {(service) => <ServiceDetails service={service} />}
    </QueryView>
  );
}
