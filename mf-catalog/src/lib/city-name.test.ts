import { inCity } from './city-name';

test('names the chosen city in a sentence, without the region or the «г»', () => {
  expect(inCity('г Казань')).toBe('в городе Казань');
  expect(inCity('Респ Татарстан, г Набережные Челны')).toBe('в городе Набережные Челны');
  expect(inCity('Казань')).toBe('в городе Казань');
  expect(inCity(undefined)).toBe('в выбранном городе');
});
