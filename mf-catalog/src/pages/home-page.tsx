import { useNavigate } from 'react-router-dom';
import { MapSectionSkeleton } from '../components/map-section-skeleton';
import { FRESH_APPLICATIONS, useApplications } from '../features/applications/api/get-applications';
import { ApplicationSearchForm } from '../features/applications/components/application-search-form';
import { toApplicationMapItems } from '../features/applications/components/application-map-items';
import { FreshApplications } from '../features/applications/components/fresh-applications';
import { HomeAudiences } from '../features/home/components/home-audiences';
import { HomeCallsToAction } from '../features/home/components/home-calls-to-action';
import { HomeHero } from '../features/home/components/home-hero';
import { ApplicationsMap } from '../features/map';
import { PopularServices } from '../features/services/components/popular-services';

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

/** `/` */
export function Component() {
  const navigate = useNavigate();

  function search(query: string) {
    navigate(query ? `/application/search?${new URLSearchParams({ query })}` : '/application');
  }

  return (
    <div className="home-page">
      <HomeHero search={<ApplicationSearchForm label="Найти заявку" onSearch={search} />} />
      <HomeAudiences />
      <PopularServices />
      <FreshApplications />
      <FreshApplicationsMap />
      <HomeCallsToAction />
    </div>
  );
}
