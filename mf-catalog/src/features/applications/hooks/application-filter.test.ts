import {
  applyFilterPatch,
  hasActiveFilters,
  parseApplicationFilter,
  toApplicationSearchParams,
} from './application-filter';

test('reads defaults from an empty URL: page 1, by name ascending, no filters', () => {
  const filter = parseApplicationFilter(new URLSearchParams());
  expect(filter).toEqual({ page: 1, attributeSort: 'name', typeSort: 'asc' });
  expect(hasActiveFilters(filter)).toBe(false);
  expect(toApplicationSearchParams(filter).toString()).toBe('');
});

test('ignores values the API would refuse instead of sending them', () => {
  const filter = parseApplicationFilter(new URLSearchParams('page=-3&attributeSort=drop&typeSort=sideways&query=%20%20'));
  expect(filter).toEqual({ page: 1, attributeSort: 'name', typeSort: 'asc' });
});

test('a URL survives a round trip through the filter', () => {
  const search = 'query=кровля&services=3%2C7&address=abc&attributeSort=price&typeSort=desc&page=4';
  const filter = parseApplicationFilter(new URLSearchParams(search));
  expect(filter).toMatchObject({ page: 4, query: 'кровля', services: '3,7', address: 'abc', attributeSort: 'price', typeSort: 'desc' });
  expect(parseApplicationFilter(toApplicationSearchParams(filter))).toEqual(filter);
});

test('changing anything but the page goes back to page 1; clearing a filter removes it', () => {
  const filter = parseApplicationFilter(new URLSearchParams('query=окна&services=3&page=5'));
  expect(applyFilterPatch(filter, { page: 6 }).page).toBe(6);
  const next = applyFilterPatch(filter, { services: undefined });
  expect(next.page).toBe(1);
  expect(next).not.toHaveProperty('services');
  expect(next.query).toBe('окна');
});
