import {
  applyFilterPatch,
  countActiveFilters,
  parseApplicationFilter,
  toApplicationQuery,
  toApplicationSearchParams,
} from './application-filter';

test('reads defaults from an empty URL: page 1, by name ascending, no filters', () => {
  const filter = parseApplicationFilter(new URLSearchParams());
  expect(filter).toEqual({ page: 1, attributeSort: 'name', typeSort: 'asc' });
  expect(countActiveFilters(filter)).toBe(0);
  expect(toApplicationSearchParams(filter).toString()).toBe('');
});

test('ignores values the API would refuse instead of sending them', () => {
  const filter = parseApplicationFilter(new URLSearchParams('page=-3&attributeSort=drop&typeSort=sideways&query=%20%20'));
  expect(filter).toEqual({ page: 1, attributeSort: 'name', typeSort: 'asc' });
});

test('spec §3’s default `type=customer` (organisations included) is the list itself, not a filter', () => {
  const filter = parseApplicationFilter(new URLSearchParams('type=customer&query=окна'));
  expect(filter).toEqual({ page: 1, attributeSort: 'name', typeSort: 'asc', query: 'окна' });
  expect(countActiveFilters(filter)).toBe(0);
  expect(toApplicationSearchParams(filter).toString()).toBe(`query=${encodeURIComponent('окна')}`);
  expect(toApplicationQuery(filter)).not.toHaveProperty('type');
  expect(parseApplicationFilter(new URLSearchParams('type=organization')).type).toBe('organization');
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

test('every filter, the sort, the page and the chosen names survive a round trip through the URL', () => {
  const search = new URLSearchParams({
    query: 'окна',
    services: '3,7',
    address: '93b3df57-4c89-44df-ac42-96f05e9cd3b9',
    addressName: 'г Казань',
    min_price: '1000',
    max_price: '50000',
    deadline: '2026-12-31',
    customer: '9',
    customerName: 'ООО «Ромашка»',
    type: 'organization',
    attributeSort: 'deadline',
    typeSort: 'desc',
    page: '3',
  });
  const filter = parseApplicationFilter(search);
  expect(filter).toEqual({
    query: 'окна',
    services: '3,7',
    address: '93b3df57-4c89-44df-ac42-96f05e9cd3b9',
    addressName: 'г Казань',
    min_price: '1000',
    max_price: '50000',
    deadline: '2026-12-31',
    customer: '9',
    customerName: 'ООО «Ромашка»',
    type: 'organization',
    attributeSort: 'deadline',
    typeSort: 'desc',
    page: 3,
  });
  expect(Object.fromEntries(toApplicationSearchParams(filter))).toEqual(Object.fromEntries(search));
});

test('the API is asked without the display names', () => {
  const filter = parseApplicationFilter(new URLSearchParams('address=abc&addressName=г Казань&customer=9&customerName=Иван'));
  expect(toApplicationQuery(filter)).toEqual({ page: 1, attributeSort: 'name', typeSort: 'asc', address: 'abc', customer: '9' });
});

test("services default to «Все»: '0' and ids that are not ids mean no filter, repeats collapse", () => {
  expect(parseApplicationFilter(new URLSearchParams('services=0'))).not.toHaveProperty('services');
  expect(parseApplicationFilter(new URLSearchParams('services=0,5,x,5,2')).services).toBe('5,2');
  expect(toApplicationSearchParams(parseApplicationFilter(new URLSearchParams('services=0'))).toString()).toBe('');
});

test('drops prices, dates, customers and types the API would refuse', () => {
  const filter = parseApplicationFilter(
    new URLSearchParams('min_price=-5&max_price=много&deadline=2026-02-30&customer=0&type=executor&address=%20'),
  );
  expect(filter).toEqual({ page: 1, attributeSort: 'name', typeSort: 'asc' });
  // Numbers past what the API takes: a price over MAX_AMOUNT, a page past the safe integers.
  expect(parseApplicationFilter(new URLSearchParams('min_price=99999999999999999999&max_price=999999999999&page=99999999999999999999'))).toEqual({
    page: 1,
    attributeSort: 'name',
    typeSort: 'asc',
    max_price: '999999999999',
  });
});

test('a due date typed as дд.мм.гггг (a filter form sent before hydration) reads as ISO', () => {
  expect(parseApplicationFilter(new URLSearchParams('deadline=31.12.2026')).deadline).toBe('2026-12-31');
  expect(parseApplicationFilter(new URLSearchParams('deadline=%2001.03.2027%20')).deadline).toBe('2027-03-01');
  for (const text of ['30.02.2026', '31.12', '1.1.2026', '31.12.2026.']) {
    expect(parseApplicationFilter(new URLSearchParams({ deadline: text }))).not.toHaveProperty('deadline');
  }
});

test('a name without its id is dropped, and clearing an id clears its name', () => {
  expect(parseApplicationFilter(new URLSearchParams('addressName=г Казань'))).not.toHaveProperty('addressName');
  const filter = parseApplicationFilter(new URLSearchParams('address=abc&addressName=г Казань&customer=9&customerName=Иван&page=4'));
  const next = applyFilterPatch(filter, { address: undefined, customer: undefined });
  expect(next).toEqual({ page: 1, attributeSort: 'name', typeSort: 'asc' });
});

test('counts the panel filters in force (the search query has its own field)', () => {
  const filter = parseApplicationFilter(new URLSearchParams('query=окна&services=3&min_price=10&type=organization'));
  expect(countActiveFilters(filter)).toBe(3);
});

test('a link with the price bounds the wrong way round asks for the range between them, not a 422', () => {
  const filter = parseApplicationFilter(new URLSearchParams('min_price=50000&max_price=1000'));
  expect(toApplicationQuery(filter)).toMatchObject({ min_price: '1000', max_price: '50000' });
  expect(parseApplicationFilter(new URLSearchParams('min_price=1000&max_price=1000'))).toMatchObject({ min_price: '1000', max_price: '1000' });
});

test("a sort form sent without scripts (`sort=field:direction`) sorts, over the URL's own pair; a wrong one is ignored", () => {
  expect(parseApplicationFilter(new URLSearchParams('sort=price%3Adesc&attributeSort=name&typeSort=asc&min_price=1'))).toEqual({
    page: 1,
    attributeSort: 'price',
    typeSort: 'desc',
    min_price: '1',
  });
  expect(toApplicationSearchParams(parseApplicationFilter(new URLSearchParams('sort=createdAt:asc'))).toString()).toBe('attributeSort=createdAt&typeSort=asc');
  for (const wrong of ['sort=drop:desc', 'sort=price:sideways', 'sort=price']) {
    expect(parseApplicationFilter(new URLSearchParams(`${wrong}&attributeSort=deadline&typeSort=desc`))).toMatchObject({ attributeSort: 'deadline', typeSort: 'desc' });
  }
});
