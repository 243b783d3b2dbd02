import { parseExecutorFilter } from './executor-filter';
import { executorListTitle } from './executor-list-title';

const filterOf = (search: string) => parseExecutorFilter(new URLSearchParams(search));
const KAZAN = '93b3df57-4c89-44df-ac42-96f05e9cd3b9';

test.each([
  ['', false, 'Исполнители'],
  ['', true, 'Поиск исполнителей'],
  ['page=3', false, 'Исполнители, страница 3'],
  ['query=кровля', true, 'Исполнители по запросу «кровля»'],
  [`address=${KAZAN}&addressName=г+Казань`, true, 'Исполнители в городе Казань'],
  [`address=${KAZAN}`, false, 'Исполнители в выбранном городе'],
  ['services=4', false, 'Исполнители: Укладка плитки'],
  ['services=4,99', false, 'Исполнители: выбранные услуги'],
  [`query=кровля&address=${KAZAN}&addressName=г+Казань&services=4&page=2`, false, 'Исполнители по запросу «кровля» в городе Казань: Укладка плитки, страница 2'],
])('%s (search page: %s) → %s', (search, isSearch, title) => {
  expect(executorListTitle(filterOf(search), isSearch, new Map([[4, 'Укладка плитки']]))).toBe(title);
});

test('the server, knowing no service names, still says the list is narrowed', () => {
  expect(executorListTitle(filterOf('services=4'), false)).toBe('Исполнители: выбранные услуги');
});
