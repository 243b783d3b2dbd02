import { useLocation } from 'react-router-dom';
import { FilterPanel, PageHeader, serviceOptionNames, useDocumentTitle, useServiceOptions } from 'shared';
import { CityCombobox } from '../features/address/components/city-combobox';
import { FilterChips, type FilterChip } from '../components/filter-chips';
import { SearchForm } from '../components/search-form';
import { CITY_PARAMS, idsOf } from '../lib/url-values';
import { useExecutors } from '../features/executors/api/get-executors';
import { ExecutorResults } from '../features/executors/components/executor-results';
import { ExecutorSortSelect } from '../features/executors/components/executor-sort-select';
import { countActiveExecutorFilters, toExecutorSearchParams, type ExecutorFilter, type ExecutorFilterPatch } from '../features/executors/lib/executor-filter';
import { useExecutorFilter } from '../features/executors/hooks/use-executor-filter';
import { executorViewTitle, foundCityAddress, serviceNamesOfExecutors } from '../features/executors/lib/executor-list-title';
import { ServicesSelect } from '../features/services/components/services-select';
import { unnamedServiceLabel } from '../lib/unnamed-service';
import { chosenCityName } from '../lib/city-name';
import { listTabTitle } from '../lib/list-total';
import { namesMissing } from '../lib/service-names';
import '../components/catalog.css';

function chipsOf(filter: ExecutorFilter, names: ReadonlyMap<number, string>, cityName: string, set: (patch: ExecutorFilterPatch) => void): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filter.query) chips.push({ key: 'query', label: `«${filter.query}»`, onRemove: () => set({ query: undefined }) });
  if (filter.services) {
    const list = idsOf(filter.services).map((id) => names.get(id) ?? unnamedServiceLabel(id));
    chips.push({ key: 'services', label: `Услуги: ${list.join(', ')}`, onRemove: () => set({ services: undefined }) });
  }
  if (filter.address) {
    chips.push({ key: 'address', params: CITY_PARAMS, label: `Город: ${cityName}`, onRemove: () => set({ address: undefined }) });
  }
  return chips;
}

/** Where «Сбросить фильтры» leads: the list without its filters and page, in the same sort. */
function resetHref(pathname: string, { attributeSort, typeSort }: ExecutorFilter): string {
  const kept = toExecutorSearchParams({ page: 1, attributeSort, typeSort }).toString();
  return kept ? `${pathname}?${kept}` : pathname;
}

/** `/executor` and `/executor/search`: query, services, city, sort and page live in the URL. */
export function Component() {
  const [filter, setFilter] = useExecutorFilter();
  const { pathname } = useLocation();
  const isSearch = pathname.endsWith('/search');
  const list = useExecutors(filter);
  const items = list.data?.items ?? [];
  // Read from the cache (the picker asks for the list when it is opened), unless a chosen service
  // is named by no result on screen: then its chip and the picker's summary need the catalogue.
  const namedByItems = serviceNamesOfExecutors(items);
  const unnamed = !list.isPending && namesMissing(filter.services, namedByItems);
  const options = useServiceOptions({ enabled: unnamed }).data?.items ?? [];
  const serviceNames = new Map([...namedByItems, ...serviceOptionNames(options)]);
  const cityName = chosenCityName(filter, foundCityAddress(filter, items));
  // The tab follows the view, as the other catalogues' do; a city it cannot name is «в выбранном городе».
  useDocumentTitle(listTabTitle(executorViewTitle(filter, isSearch, items, serviceNames), list.data));

  return (
    <div className="catalog-page executor-list-page">
      <PageHeader
        title={isSearch ? 'Поиск исполнителей' : 'Исполнители'}
        description="Частные мастера и организации, которые откликаются на заявки сервиса."
      />
      <div className="catalog-toolbar">
        <SearchForm
          label="Поиск исполнителей"
          placeholder="Имя или организация"
          defaultValue={filter.query}
          onSearch={(query) => setFilter({ query })}
        />
        <ExecutorSortSelect attributeSort={filter.attributeSort} typeSort={filter.typeSort} onChange={(sort) => setFilter(sort)} />
      </div>
      <div className="catalog-layout">
        <FilterPanel activeCount={countActiveExecutorFilters(filter)}>
          <CityCombobox
            value={cityName}
            onChange={(city) => setFilter({ address: city?.cityFiasId, addressName: city?.name })}
          />
          <ServicesSelect
            selected={idsOf(filter.services)}
            knownNames={serviceNames}
            onChange={(ids) => setFilter({ services: ids.join(',') || undefined })}
          />
        </FilterPanel>
        <div className="catalog-layout__main">
          <FilterChips chips={chipsOf(filter, serviceNames, cityName, setFilter)} resetTo={resetHref(pathname, filter)} />
          <ExecutorResults filter={filter} />
        </div>
      </div>
    </div>
  );
}
