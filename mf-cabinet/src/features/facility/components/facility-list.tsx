import { Link, useSearchParams } from 'react-router-dom';
import { PagedResults, pluralize, Skeleton, type ResultsTexts } from 'shared';
import { useFacilities } from '../api/get-facilities';
import { facilityPaths } from '../lib/paths';
import { FacilitiesMap } from '../map/facility-maps';
import { FacilityCard } from './facility-card';

export const EMPTY_TITLE = 'Добавьте первый объект';

const TEXTS: ResultsTexts = {
  loading: 'Загружаем объекты…',
  loadError: 'Не удалось загрузить объекты',
  emptyPage: 'На этой странице объектов нет',
  none: 'Объектов пока нет',
  noneTitle: EMPTY_TITLE,
  noneDescription: 'Квартира, дом, офис: укажите адрес и точку на карте, приложите документы — и выбирайте объект в заявках.',
  total: (total) => `${total} ${pluralize(total, ['объект', 'объекта', 'объектов'])}`,
};

const pageFrom = (text: string | null) => {
  const page = Number(text);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

function ListSkeleton() {
  return (
    <ul className="facility-cards" aria-hidden="true">
      {[0, 1, 2].map((key) => (
        <li key={key}>
          <Skeleton shape="block" height="7.5rem" />
        </li>
      ))}
    </ul>
  );
}

/**
 * The active profile's facilities, a page at a time (`?page=`), with their points on a map.
 * `profileId` null: the profile is still being read (the page says when there is none).
 */
export function FacilityList({ profileId }: { profileId: number | null }) {
  const [params] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const query = useFacilities(profileId, page);

  // Without a profile yet the list query waits: show it as loading, not as an empty list.
  const listQuery = profileId === null ? { ...query, isPending: true } : query;
  // Nor does the previous profile's list (kept across keys) stand in on the map.
  const items = profileId === null ? [] : (query.data?.items ?? []);
  const mapItems = items.map((facility) => ({
    id: facility.id,
    name: facility.name,
    subtitle: facility.address.value,
    href: facilityPaths.detail(facility.id),
    geoLat: facility.address.geoLat,
    geoLon: facility.address.geoLon,
  }));

  const withMap = items.length > 0;
  return (
    <div className={withMap ? 'facility-list-layout facility-list-layout--with-map' : 'facility-list-layout'}>
      {withMap && (
        // No name of its own: the map is a landmark already («Карта объектов»), and its links' list is named.
        <div className="facility-list-layout__map">
          <FacilitiesMap items={mapItems} />
        </div>
      )}
      <PagedResults
        query={listQuery}
        texts={TEXTS}
        hrefForPage={(next) => (next === 1 ? facilityPaths.list : `${facilityPaths.list}?page=${next}`)}
        skeleton={<ListSkeleton />}
        noneAction={<Link to={facilityPaths.create}>Добавить объект</Link>}
      >
        {(facilities) => (
          <ul className="facility-cards">
            {facilities.map((facility) => (
              <li key={facility.id}>
                <FacilityCard facility={facility} />
              </li>
            ))}
          </ul>
        )}
      </PagedResults>
    </div>
  );
}
