import { PageHeader } from 'shared';
import { ApplicationResults } from '../features/applications/components/application-results';
import { ApplicationSearchForm } from '../features/applications/components/application-search-form';
import { ApplicationSortSelect } from '../features/applications/components/application-sort-select';
import { ActiveFilters } from '../features/applications/components/active-filters';
import { useApplicationFilter } from '../features/applications/hooks/use-application-filter';

/** `/application` and `/application/search`: the whole view is in the URL. */
export function Component() {
  const [filter, setFilter] = useApplicationFilter();

  return (
    <div className="application-list-page">
      <PageHeader title="Заявки" />
      <div className="application-toolbar">
        <ApplicationSearchForm defaultValue={filter.query} onSearch={(query) => setFilter({ query })} />
        <ApplicationSortSelect
          attributeSort={filter.attributeSort}
          typeSort={filter.typeSort}
          onChange={(sort) => setFilter(sort)}
        />
      </div>
      <ActiveFilters filter={filter} onChange={setFilter} />
      <ApplicationResults filter={filter} />
    </div>
  );
}
