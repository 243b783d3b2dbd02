import { chosenCityName, cityOfAddress, inCity, settlementName } from './city-name';

test('names the chosen city in a sentence, without the region or the «г»', () => {
  expect(inCity('г Казань')).toBe('в городе Казань');
  expect(inCity('Респ Татарстан, г Набережные Челны')).toBe('в городе Набережные Челны');
  expect(inCity('Казань')).toBe('в городе Казань');
  expect(inCity(undefined)).toBe('в выбранном городе');
});

test('a settlement’s name is the label’s last part without its kind', () => {
  expect(settlementName('г Казань')).toBe('Казань');
  expect(settlementName('г. Казань')).toBe('Казань');
  expect(settlementName('Респ Татарстан, г Набережные Челны')).toBe('Набережные Челны');
  expect(settlementName('Московская обл, Одинцовский р-н, рп Заречье')).toBe('Заречье');
  expect(settlementName('ст-ца Каневская')).toBe('Каневская');
  // A name that starts like a kind is kept whole.
  expect(settlementName('Гатчина')).toBe('Гатчина');
  expect(settlementName('Казань')).toBe('Казань');
});

test('the city of an address is its part up to the settlement: the region stays, the street and house go', () => {
  expect(cityOfAddress('Ростовская обл, г Ростов-на-Дону, ул Большая Садовая, д 92')).toBe('Ростовская обл, г Ростов-на-Дону');
  expect(cityOfAddress('г Москва, ул Профсоюзная, д 22')).toBe('г Москва');
  expect(cityOfAddress('г. Казань, ул. Баумана, д. 1')).toBe('г. Казань');
  expect(cityOfAddress('Респ Башкортостан, г Уфа')).toBe('Респ Башкортостан, г Уфа');
  expect(cityOfAddress('Московская обл, Одинцовский р-н, рп Заречье, ул Луговая, д 5')).toBe('Московская обл, Одинцовский р-н, рп Заречье');
  // A house («д 5») is no village: an address that names no settlement names no city.
  expect(cityOfAddress('Московская обл, ул Луговая, д 5')).toBeUndefined();
  expect(cityOfAddress('Ростовская обл')).toBeUndefined();
  expect(cityOfAddress(undefined)).toBeUndefined();
});

test('a city chosen by id alone (a canonical link) is named by a listed address in it, never by its region', () => {
  const address = 'c1cfe4b9-f7c2-423c-abfa-6ed1c05a15c5';
  expect(chosenCityName({ address }, 'Ростовская обл, г Ростов-на-Дону, ул Большая Садовая, д 92')).toBe('Ростовская обл, г Ростов-на-Дону');
  expect(chosenCityName({ address, addressName: 'г Ростов-на-Дону' }, 'Ростовская обл, г Ростов-на-Дону, ул Пушкинская, д 52')).toBe('г Ростов-на-Дону');
  expect(chosenCityName({ address }, 'Ростовская обл')).toBe('Выбранный город');
  expect(chosenCityName({}, 'г Москва')).toBe('');
  // A name the link carries that the listed item contradicts (made by hand) gives way to the item's.
  expect(chosenCityName({ address, addressName: 'г Москва' }, 'Омская обл, г Омск, ул Ленина, д 1')).toBe('Омская обл, г Омск');
  expect(chosenCityName({ address, addressName: 'г Омск' }, 'Омская обл, г Омск, ул Ленина, д 1')).toBe('г Омск');
});
