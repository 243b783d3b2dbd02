import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadingSkeleton, useDocumentTitle } from 'shared';
import { MapSectionSkeleton } from '../components/map-section-skeleton';
import { FRESH_APPLICATIONS, useApplications } from '../features/applications/api/get-applications';
import { ApplicationSearchForm } from '../features/applications/components/application-search-form';
import { toApplicationMapItems } from '../features/applications/components/application-map-items';
import { FreshApplications } from '../features/applications/components/fresh-applications';
import { useFacilityMap } from '../features/facilities/api/get-facility-map';
import { HomeAudiences } from '../features/home/components/home-audiences';
import { HomeCallsToAction } from '../features/home/components/home-calls-to-action';
import { HomeHero } from '../features/home/components/home-hero';
import { HOME_TITLE } from '../features/home/lib/home-title';
import { ApplicationsMap, FacilitiesMap, type MapItem } from '../features/map';
import { PopularServices } from '../features/services/components/popular-services';
import { renderWhenIdle } from '../lib/render-when-idle';

/** The page's blocks from this one on are below a phone's first screen (home.css). */
const FIRST_DEFERRED_BLOCK = 2;

/** The fresh applications (the section's own query, from the cache) on the map. */
function FreshApplicationsMap() {
  const { data, isPending } = useApplications(FRESH_APPLICATIONS);
  if (isPending) return <MapSectionSkeleton className="home-section" />;
  const items = toApplicationMapItems(data?.items ?? []);
  if (items.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="fresh-map-title">
      <h2 id="fresh-map-title">Свежие заявки на карте</h2>
      <ApplicationsMap items={items} />
    </section>
  );
}

/**
 * «Объекты на карте»: the public facilities catalogue (spec §1) — every facility on the map, each
 * leading to its page. Nothing while there are none; a failed read leaves the section out, as the
 * applications' map does (the page's other blocks stand on their own).
 */
function FacilitiesMapSection() {
  const { data, isPending } = useFacilityMap();
  // Its own read (the applications' map shares the list's, whose loading says a slow answer).
  if (isPending) {
    return (
      <LoadingSkeleton>
        <MapSectionSkeleton className="home-section" />
      </LoadingSkeleton>
    );
  }
  const items: MapItem[] = (data?.items ?? []).map((facility) => ({
    id: facility.id,
    name: facility.name,
    href: `/facility/${facility.id}`,
    geoLat: facility.geoLat,
    geoLon: facility.geoLon,
    subtitle: facility.type.name,
  }));
  if (items.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="facilities-map-title">
      <h2 id="facilities-map-title">Объекты на карте</h2>
      <FacilitiesMap items={items} />
    </section>
  );
}

/** `/` */
export function Component() {
  const navigate = useNavigate();
  const page = useRef<HTMLDivElement>(null);
  // As the server's head names it: the route's plain «Главная» stands only until this effect.
  useDocumentTitle(HOME_TITLE);
  // A block per idle period, then the page itself: marked, it renders any block that replaced one.
  useEffect(() => {
    const element = page.current;
    return element ? renderWhenIdle([...[...element.children].slice(FIRST_DEFERRED_BLOCK), element]) : undefined;
  }, []);

  function search(query: string) {
    navigate(query ? `/application/search?${new URLSearchParams({ query })}` : '/application');
  }

  return (
    <div className="home-page" ref={page}>
      <HomeHero search={<ApplicationSearchForm label="Найти заявку" onSearch={search} action="/application/search" />} />
      <HomeAudiences />
      <PopularServices />
      <FreshApplications />
      <FreshApplicationsMap />
      <FacilitiesMapSection />
      <HomeCallsToAction />
    </div>
  );
}
