import { useLocation } from 'react-router-dom';
import { PageHeader } from 'shared';
import { FilterChips } from '../components/filter-chips';
import { SearchForm } from '../components/search-form';
import { ServiceResults } from '../features/services/components/service-results';
import { useServiceListFilter } from '../features/services/hooks/use-service-list-filter';
import '../components/catalog.css';

/** `/service`: the catalogue of services by group; the query and the page live in the URL. */
export function Component() {
  const [filter, setFilter] = useServiceListFilter();
  const { pathname } = useLocation();
  const chips = filter.query ? [{ key: 'query', label: `«${filter.query}»`, onRemove: () => setFilter({ query: undefined }) }] : [];

  return (
    <div className="catalog-page service-list-page">
      <PageHeader title="Услуги" description="Выберите услугу, чтобы увидеть заявки и исполнителей по ней." />
      <SearchForm
        label="Поиск услуг"
        placeholder="Например, укладка плитки"
        defaultValue={filter.query}
        onSearch={(query) => setFilter({ query: query || undefined })}
      />
      <FilterChips chips={chips} resetTo={pathname} />
      <ServiceResults filter={filter} />
    </div>
  );
}
