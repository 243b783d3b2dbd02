import { getServicesQueryOptions, POPULAR_SERVICES } from '../api/get-services';
import { applyServiceListPatch, parseServiceListFilter, toServiceListSearchParams } from './service-list-filter';

const KAZAN = '93b3df57-4c89-44df-ac42-96f05e9cd3b9';

test('reads defaults from an empty URL: page 1, by name ascending, no filters, and writes nothing back', () => {
  const filter = parseServiceListFilter(new URLSearchParams());
  expect(filter).toEqual({ page: 1, attributeSort: 'name', typeSort: 'asc' });
  expect(toServiceListSearchParams(filter).toString()).toBe('');
});

test('the query, the city with its name, the sort and the page survive a round trip through the URL', () => {
  const search = new URLSearchParams({ query: 'плитка', address: KAZAN, addressName: 'г Казань', attributeSort: 'name', typeSort: 'desc', page: '2' });
  const filter = parseServiceListFilter(search);
  expect(filter).toEqual({ query: 'плитка', address: KAZAN, addressName: 'г Казань', attributeSort: 'name', typeSort: 'desc', page: 2 });
  expect(Object.fromEntries(toServiceListSearchParams(filter))).toEqual(Object.fromEntries(search));
});

test('ignores values the API would refuse, and a city name without its city', () => {
  const filter = parseServiceListFilter(new URLSearchParams('page=0&attributeSort=executors&typeSort=up&addressName=Казань&address=%20'));
  expect(filter).toEqual({ page: 1, attributeSort: 'name', typeSort: 'asc' });
  expect(parseServiceListFilter(new URLSearchParams(`address=${'x'.repeat(80)}`)).address).toHaveLength(64);
});

test('the sort form sent without scripts (`sort=field:direction`) sorts the catalogue too, and keeps the city', () => {
  const filter = parseServiceListFilter(new URLSearchParams(`address=${KAZAN}&addressName=г Казань&sort=name:desc`));
  expect(filter).toEqual({ page: 1, attributeSort: 'name', typeSort: 'desc', address: KAZAN, addressName: 'г Казань' });
  expect(toServiceListSearchParams(filter).toString()).toBe(new URLSearchParams({ address: KAZAN, addressName: 'г Казань', attributeSort: 'name', typeSort: 'desc' }).toString());
});

test('any change but the page starts from page 1; clearing the city clears its name', () => {
  const filter = parseServiceListFilter(new URLSearchParams(`address=${KAZAN}&addressName=г Казань&query=окна&page=3`));
  expect(applyServiceListPatch(filter, { page: 4 }).page).toBe(4);
  expect(applyServiceListPatch(filter, { address: undefined })).toEqual({ page: 1, attributeSort: 'name', typeSort: 'asc', query: 'окна' });
  expect(applyServiceListPatch(filter, { typeSort: 'desc' })).toMatchObject({ page: 1, typeSort: 'desc', address: KAZAN, addressName: 'г Казань' });
});

test('asks the API for the city and a sort other than its default, never the city name; the first page is the home page’s request', () => {
  const query = (search: string) => getServicesQueryOptions(parseServiceListFilter(new URLSearchParams(search))).queryKey;
  expect(query(`address=${KAZAN}&addressName=г Казань&typeSort=desc&attributeSort=name`)).toEqual(
    getServicesQueryOptions({ page: 1, address: KAZAN, attributeSort: 'name', typeSort: 'desc' }).queryKey,
  );
  expect(JSON.stringify(query(`address=${KAZAN}&addressName=г Казань`))).not.toContain('Казань');
  expect(JSON.stringify(query('typeSort=desc&attributeSort=name'))).toContain('"typeSort":"desc"');
  expect(query('')).toEqual(getServicesQueryOptions(POPULAR_SERVICES).queryKey);
});
