/** The largest Russian cities: FIAS ids and centre coordinates, written by hand for demo data. */
export interface City {
  name: string;
  /** «в Омске»: the name in a sentence, written out (city names decline each their own way). */
  inCity: string;
  region: string;
  fiasId: string;
  lat: number;
  lon: number;
  /** As FIAS writes them: «ул Ленина», «Ленинский пр-кт», «Московское ш». */
  streets: string[];
}

/** The kind of street FIAS abbreviates, as «на …» says it, with the gender its adjectives take. */
const STREET_KINDS: Record<string, { noun: string; adjectiveEnding: string }> = {
  'ул': { noun: 'улице', adjectiveEnding: 'ой' },
  'пр-кт': { noun: 'проспекте', adjectiveEnding: 'ом' },
  'ш': { noun: 'шоссе', adjectiveEnding: 'ом' },
};

const ADJECTIVE = /(ая|ий|ый|ое)$/;

/**
 * «на …» of a street of the list above: adjectives go before the noun, declined («Ленинский пр-кт»
 * → «на Ленинском проспекте», «ул Большая Садовая» → «на Большой Садовой улице»); a name in the
 * genitive stays after it («ул Маршала Жукова» → «на улице Маршала Жукова»). Enough for these
 * streets, not a grammar of every name.
 */
export function onStreet(street: string): string {
  const words = street.split(' ');
  const abbreviation = words.find((word) => word in STREET_KINDS)!;
  const kind = STREET_KINDS[abbreviation]!;
  const name = words.filter((word) => word !== abbreviation);
  if (!name.every((word) => ADJECTIVE.test(word))) return `на ${kind.noun} ${name.join(' ')}`;
  return `на ${name.map((word) => word.replace(ADJECTIVE, kind.adjectiveEnding)).join(' ')} ${kind.noun}`;
}

export const cities: readonly City[] = [
  { name: 'Москва', inCity: 'в Москве', region: 'г Москва', fiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', lat: 55.7558, lon: 37.6173, streets: ['ул Тверская', 'Ленинский пр-кт', 'ул Профсоюзная'] },
  { name: 'Санкт-Петербург', inCity: 'в Санкт-Петербурге', region: 'г Санкт-Петербург', fiasId: 'c2deb16a-0330-4f05-821f-1d09c93331e6', lat: 59.9391, lon: 30.3159, streets: ['Невский пр-кт', 'ул Садовая', 'Московский пр-кт'] },
  { name: 'Новосибирск', inCity: 'в Новосибирске', region: 'Новосибирская обл', fiasId: '8dea00e3-9aab-4d8e-887c-ef2aaa546456', lat: 55.0302, lon: 82.9204, streets: ['Красный пр-кт', 'ул Ленина', 'ул Кирова'] },
  { name: 'Екатеринбург', inCity: 'в Екатеринбурге', region: 'Свердловская обл', fiasId: '2763c110-cb8b-416a-9dac-ad28a55b4402', lat: 56.8386, lon: 60.6055, streets: ['ул Малышева', 'пр-кт Ленина', 'ул 8 Марта'] },
  { name: 'Казань', inCity: 'в Казани', region: 'Респ Татарстан', fiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', lat: 55.7944, lon: 49.1115, streets: ['ул Баумана', 'ул Пушкина', 'пр-кт Победы'] },
  { name: 'Нижний Новгород', inCity: 'в Нижнем Новгороде', region: 'Нижегородская обл', fiasId: '555e7d61-d9a7-4ba6-9770-6caa8198c483', lat: 56.3240, lon: 44.0054, streets: ['ул Большая Покровская', 'ул Рождественская', 'пр-кт Гагарина'] },
  { name: 'Челябинск', inCity: 'в Челябинске', region: 'Челябинская обл', fiasId: 'a376e68d-724a-4472-be7c-891bdb09ae32', lat: 55.1603, lon: 61.4008, streets: ['ул Кирова', 'пр-кт Ленина', 'ул Свободы'] },
  { name: 'Самара', inCity: 'в Самаре', region: 'Самарская обл', fiasId: 'bb035cc3-1dc2-4627-9d25-a1bf2d4b936b', lat: 53.1952, lon: 50.1069, streets: ['ул Куйбышева', 'Московское ш', 'ул Ленинградская'] },
  { name: 'Омск', inCity: 'в Омске', region: 'Омская обл', fiasId: '140e31da-27bf-4519-9ea0-6185d681d44e', lat: 54.9848, lon: 73.3674, streets: ['ул Ленина', 'пр-кт Мира', 'ул Маршала Жукова'] },
  { name: 'Ростов-на-Дону', inCity: 'в Ростове-на-Дону', region: 'Ростовская обл', fiasId: 'c1cfe4b9-f7c2-423c-abfa-6ed1c05a15c5', lat: 47.2224, lon: 39.7187, streets: ['ул Большая Садовая', 'пр-кт Буденновский', 'ул Пушкинская'] },
  { name: 'Уфа', inCity: 'в Уфе', region: 'Респ Башкортостан', fiasId: '7339e834-2cb4-4734-a4c7-1fca2c66e562', lat: 54.7348, lon: 55.9579, streets: ['ул Ленина', 'пр-кт Октября', 'ул Коммунистическая'] },
  { name: 'Краснодар', inCity: 'в Краснодаре', region: 'Краснодарский край', fiasId: '7dfa745e-aa19-4688-b121-b655c11e482f', lat: 45.0355, lon: 38.9753, streets: ['ул Красная', 'ул Северная', 'ул Ставропольская'] },
];
