import { useLocation } from 'react-router-dom';
import { FilterPanel, ScriptOnly, PageHeader, useDocumentTitle } from 'shared';
import { FilterChips, type FilterChip } from '../components/filter-chips';
import { SearchForm } from '../components/search-form';
import { CityCombobox } from '../features/address/components/city-combobox';
import { ServiceResults } from '../features/services/components/service-results';
import { ServiceSortSelect } from '../features/services/components/service-sort-select';
import { useServiceListFilter } from '../features/services/hooks/use-service-list-filter';
import { toServiceListSearchParams, type ServiceListFilter, type ServiceListFilterPatch } from '../features/services/lib/service-list-filter';
import { serviceListTitle } from '../features/services/lib/service-list-title';
import { useServices } from '../features/services/api/get-services';
import { chosenCityName } from '../lib/city-name';
import { listTabTitle } from '../lib/list-total';
import { CITY_PARAMS } from '../lib/url-values';
import '../components/catalog.css';

function chipsOf(filter: ServiceListFilter, set: (patch: ServiceListFilterPatch) => void): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filter.query) chips.push({ key: 'query', label: `«${filter.query}»`, onRemove: () => set({ query: undefined }) });
  if (filter.address) chips.push({ key: 'address', params: CITY_PARAMS, label: `Город: ${chosenCityName(filter)}`, onRemove: () => set({ address: undefined }) });
  return chips;
}

/** Where «Сбросить фильтры» leads: the catalogue without its query, city and page, in the same sort. */
function resetHref(pathname: string, { attributeSort, typeSort }: ServiceListFilter): string {
  const kept = toServiceListSearchParams({ page: 1, attributeSort, typeSort }).toString();
  return kept ? `${pathname}?${kept}` : pathname;
}

/** `/service`: the catalogue of services by group; the query, the city, the sort and the page live in the URL. */
export function Component() {
  const [filter, setFilter] = useServiceListFilter();
  const { pathname } = useLocation();
  const list = useServices(filter);
  // The tab follows the view (the server's title named the view the page was loaded with).
  useDocumentTitle(listTabTitle(serviceListTitle(filter), list.data));

  return (
    <div className="catalog-page service-list-page">
      <PageHeader title="Услуги" description="Выберите услугу, чтобы увидеть заявки и исполнителей по ней." />
      <div className="catalog-toolbar">
        <SearchForm
          label="Поиск услуг"
          placeholder="Например, плитка"
          defaultValue={filter.query}
          onSearch={(query) => setFilter({ query: query || undefined })}
        />
        <ServiceSortSelect attributeSort={filter.attributeSort} typeSort={filter.typeSort} onChange={(sort) => setFilter(sort)} />
      </div>
      <div className="catalog-layout">
        <FilterPanel activeCount={filter.address ? 1 : 0} noScriptNote="Город можно выбрать только с включённым JavaScript.">
          <ScriptOnly>
            <CityCombobox
              value={chosenCityName(filter)}
              onChange={(city) => setFilter({ address: city?.cityFiasId, addressName: city?.name })}
            />
          </ScriptOnly>
        </FilterPanel>
        <div className="catalog-layout__main">
          <FilterChips chips={chipsOf(filter, setFilter)} resetTo={resetHref(pathname, filter)} />
          <ServiceResults filter={filter} />
        </div>
      </div>
    </div>
  );
}
