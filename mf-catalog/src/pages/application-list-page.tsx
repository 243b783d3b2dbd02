import { useLocation } from 'react-router-dom';
import { FilterPanel, ScriptOnly, PageHeader, serviceOptionNames, useDocumentTitle, useServiceOptions } from 'shared';
import { MapSectionSkeleton } from '../components/map-section-skeleton';
import { CityCombobox } from '../features/address/components/city-combobox';
import { useApplications } from '../features/applications/api/get-applications';
import { ActiveFilters } from '../features/applications/components/active-filters';
import { ApplicationRangeFilter } from '../features/applications/components/application-range-filter';
import { toApplicationMapItems } from '../features/applications/components/application-map-items';
import { ApplicationResults } from '../features/applications/components/application-results';
import { ApplicationSearchForm } from '../features/applications/components/application-search-form';
import { ApplicationSortSelect } from '../features/applications/components/application-sort-select';
import { countActiveFilters, type ApplicationFilter } from '../features/applications/lib/application-filter';
import { cityLabel, customerLabel, serviceNamesOf } from '../features/applications/lib/filter-labels';
import { applicationListTitle } from '../features/applications/lib/application-list-title';
import { useApplicationFilter } from '../features/applications/hooks/use-application-filter';
import { listTabTitle } from '../lib/list-total';
import { namesMissing } from '../lib/service-names';
import { idsOf } from '../lib/url-values';
import { CustomerCombobox } from '../features/customers/components/customer-combobox';
import { ApplicationsMap } from '../features/map';
import { ServicesSelect } from '../features/services/components/services-select';
import '../components/catalog.css';

/** The current page of results on the map (the list's own query, from the cache). */
function ResultsMap({ filter }: { filter: ApplicationFilter }) {
  const { data, isPending } = useApplications(filter);
  if (isPending) return <MapSectionSkeleton className="results-map" />;
  const items = toApplicationMapItems(data?.items ?? []);
  if (items.length === 0) return null;
  return (
    <section className="results-map" aria-labelledby="results-map-title">
      <h2 id="results-map-title">Заявки на карте</h2>
      <ApplicationsMap items={items} />
    </section>
  );
}

/** `/application` and `/application/search`: every filter, the sort and the page live in the URL. */
export function Component() {
  const [filter, setFilter] = useApplicationFilter();
  const isSearch = useLocation().pathname.endsWith('/search');
  const list = useApplications(filter);
  const items = list.data?.items ?? [];
  // Read from the cache (the picker asks for the list when it is opened), unless a chosen service
  // is named by no result on screen: then its chip and the picker's summary need the catalogue.
  const namedByItems = serviceNamesOf(items);
  const unnamed = !list.isPending && namesMissing(filter.services, namedByItems);
  const options = useServiceOptions({ enabled: unnamed }).data?.items ?? [];
  const serviceNames = new Map([...namedByItems, ...serviceOptionNames(options)]);
  // The tab follows the view (the server's title named the view the page was loaded with), its
  // services as the chips name them.
  useDocumentTitle(listTabTitle(applicationListTitle(filter, items, isSearch, serviceNames), list.data));

  return (
    <div className="catalog-page application-list-page">
      <PageHeader title={isSearch ? 'Поиск заявок' : 'Заявки'} />
      <div className="catalog-toolbar">
        <ApplicationSearchForm defaultValue={filter.query} onSearch={(query) => setFilter({ query })} />
        <ApplicationSortSelect
          attributeSort={filter.attributeSort}
          typeSort={filter.typeSort}
          onChange={(sort) => setFilter(sort)}
        />
      </div>
      <div className="catalog-layout">
        <FilterPanel activeCount={countActiveFilters(filter)} noScriptNote="Город, услуги и заказчика можно выбрать только с включённым JavaScript.">
          <ScriptOnly>
            <CityCombobox
              value={cityLabel(filter, items)}
              onChange={(city) => setFilter({ address: city?.cityFiasId, addressName: city?.name })}
            />
          </ScriptOnly>
          <ScriptOnly>
            <ServicesSelect
              selected={idsOf(filter.services)}
              knownNames={serviceNames}
              onChange={(ids) => setFilter({ services: ids.join(',') || undefined })}
            />
          </ScriptOnly>
          <ScriptOnly>
            <CustomerCombobox
              value={customerLabel(filter, items)}
              onChange={(customer) => setFilter({ customer: customer ? String(customer.id) : undefined, customerName: customer?.name })}
            />
          </ScriptOnly>
          <ApplicationRangeFilter filter={filter} onApply={setFilter} />
        </FilterPanel>
        <div className="catalog-layout__main">
          <ActiveFilters filter={filter} onChange={setFilter} serviceNames={serviceNames} />
          <ApplicationResults filter={filter} />
          <ResultsMap filter={filter} />
        </div>
      </div>
    </div>
  );
}
