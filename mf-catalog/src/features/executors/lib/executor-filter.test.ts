import {
  applyExecutorPatch,
  countActiveExecutorFilters,
  parseExecutorFilter,
  toExecutorQuery,
  toExecutorSearchParams,
} from './executor-filter';

test('reads defaults from an empty URL: page 1, by id ascending, no filters, and writes nothing back', () => {
  const filter = parseExecutorFilter(new URLSearchParams());
  expect(filter).toEqual({ page: 1, attributeSort: 'id', typeSort: 'asc' });
  expect(toExecutorSearchParams(filter).toString()).toBe('');
});

test('every filter, the sort, the page and the city name survive a round trip through the URL', () => {
  const search = new URLSearchParams({
    query: 'плиточник',
    services: '4,9',
    address: 'c2deb16a-0330-4f05-821f-1d09c93331e6',
    addressName: 'г Санкт-Петербург',
    attributeSort: 'name',
    typeSort: 'desc',
    page: '2',
  });
  const filter = parseExecutorFilter(search);
  expect(filter).toEqual({
    query: 'плиточник',
    services: '4,9',
    address: 'c2deb16a-0330-4f05-821f-1d09c93331e6',
    addressName: 'г Санкт-Петербург',
    attributeSort: 'name',
    typeSort: 'desc',
    page: 2,
  });
  expect(Object.fromEntries(toExecutorSearchParams(filter))).toEqual(Object.fromEntries(search));
  expect(toExecutorQuery(filter)).not.toHaveProperty('addressName');
});

test("ignores values the API would refuse; services '0' is «Все»", () => {
  const filter = parseExecutorFilter(new URLSearchParams('page=0&attributeSort=price&typeSort=up&services=0&addressName=Казань'));
  expect(filter).toEqual({ page: 1, attributeSort: 'id', typeSort: 'asc' });
});

test('any change but the page starts from page 1; clearing the city clears its name', () => {
  const filter = parseExecutorFilter(new URLSearchParams('address=abc&addressName=г Казань&services=4&page=3'));
  expect(applyExecutorPatch(filter, { page: 4 }).page).toBe(4);
  const next = applyExecutorPatch(filter, { address: undefined });
  expect(next).toEqual({ page: 1, attributeSort: 'id', typeSort: 'asc', services: '4' });
  expect(countActiveExecutorFilters(next)).toBe(1);
});

test('the sort form sent without scripts (`sort=field:direction`) sorts the executors too', () => {
  expect(parseExecutorFilter(new URLSearchParams('sort=name:desc&query=кров'))).toMatchObject({ attributeSort: 'name', typeSort: 'desc', query: 'кров' });
  expect(parseExecutorFilter(new URLSearchParams('sort=price:desc'))).toMatchObject({ attributeSort: 'id', typeSort: 'asc' });
});
