import { useNavigate } from 'react-router-dom';
import { ApplicationSearchForm } from '../features/applications/components/application-search-form';
import { FreshApplications } from '../features/applications/components/fresh-applications';
import { HomeCallsToAction } from '../features/home/components/home-calls-to-action';
import { HomeHero } from '../features/home/components/home-hero';
import { PopularServices } from '../features/services/components/popular-services';

/** `/` */
export function Component() {
  const navigate = useNavigate();

  function search(query: string) {
    navigate(query ? `/application?${new URLSearchParams({ query })}` : '/application');
  }

  return (
    <div className="home-page">
      <HomeHero search={<ApplicationSearchForm label="Найти заявку" onSearch={search} />} />
      <PopularServices />
      <FreshApplications />
      <HomeCallsToAction />
    </div>
  );
}
