import { existsSync, mkdtempSync, readFileSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Address } from 'shared/contract';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { builtInCities } from '../src/providers/address/built-in-cities';
import { csvRecords } from '../src/providers/address/csv';
import { entriesFromCsv, gazetteerProvider } from '../src/providers/address/gazetteer';
import { fixtureCities, REAL_CITY_CSV, regionFixtureId, writeFixtureGazetteer, writeRegionGazetteer } from './fixtures/gazetteer';
import { getJson, setupTestApp, type TestContext } from './helpers';

// Tests on the real CC BY-SA file (the handbook beside the checkout, read in place) run only
// where it exists: a newcomer's clone has no ../shared, and every other test here uses the
// fixture of invented towns.
const hasRealGazetteer = existsSync(REAL_CITY_CSV);
const itOnRealGazetteer = hasRealGazetteer ? it : it.skip;
if (!hasRealGazetteer) console.info(`${REAL_CITY_CSV} is absent: the checks against the real gazetteer are skipped`);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});
afterAll(() => ctx.close());

const search = (app = ctx.app, query: string, limit?: number) =>
  getJson(app, `/api/user/address/search?query=${encodeURIComponent(query)}${limit ? `&limit=${limit}` : ''}`);

describe('address search without a gazetteer file (built-in cities)', () => {
  it('answers addresses in the DaData shape, largest city first', async () => {
    const res = await search(undefined, 'моск');
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([{ value: 'г Москва', cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', geoLat: 55.7558, geoLon: 37.6173 }]);
    const sam = (await search(undefined, 'Самар')).body.data.items as Address[];
    expect(sam.map((a) => a.value)).toEqual(['г Самара', 'Самарская обл, г Тольятти']);
  });

  it('ignores case, ё and punctuation, and finds a city by its region', async () => {
    expect((await search(undefined, 'РОСТОВ НА ДОНУ')).body.data.items[0].value).toBe('г Ростов-на-Дону');
    expect((await search(undefined, 'татарстан')).body.data.items.map((a: Address) => a.value)).toEqual(['г Казань']);
    expect((await search(undefined, 'г Новосиб')).body.data.items.map((a: Address) => a.value)).toEqual(['г Новосибирск']);
    expect((await search(undefined, 'Нигде')).body.data.items).toEqual([]);
  });

  it('takes a street typed after a known city as that city\'s address, at its point', async () => {
    const moscow = { cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', geoLat: 55.7558, geoLon: 37.6173 };
    expect((await search(undefined, 'Москва, ул Тверская, д 1')).body.data.items[0]).toEqual({ value: 'г Москва, ул Тверская, д 1', ...moscow });
    expect((await search(undefined, 'москва Тверская 1')).body.data.items[0]).toEqual({ value: 'г Москва, Тверская 1', ...moscow });
    expect((await search(undefined, 'г Москва Тверская')).body.data.items[0]).toEqual({ value: 'г Москва, Тверская', ...moscow });
    expect((await search(undefined, 'Ростов-на-Дону Садовая 5')).body.data.items[0].value).toBe('г Ростов-на-Дону, Садовая 5');
    // A city alone, or an unknown one, is as before.
    expect((await search(undefined, 'Москва')).body.data.items.map((a: Address) => a.value)).toEqual(['г Москва']);
    expect((await search(undefined, 'Москва,')).body.data.items.map((a: Address) => a.value)).toEqual(['г Москва']);
    expect((await search(undefined, 'Нигде, ул Ленина')).body.data.items).toEqual([]);
  });

  it('validates the query', async () => {
    const res = await getJson(ctx.app, '/api/user/address/search?query=%20');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ query: 'Введите адрес' });
    expect((await getJson(ctx.app, '/api/user/address/search')).body.errors).toEqual({ query: 'Введите адрес' });
  });

  it('answers null for an IP: the gazetteer has no IP ranges', async () => {
    expect((await getJson(ctx.app, '/api/user/address/ip?ip=46.226.227.20')).body).toEqual({ data: { address: null } });
    expect((await getJson(ctx.app, '/api/user/address/ip')).body).toEqual({ data: { address: null } });
    const bad = await getJson(ctx.app, '/api/user/address/ip?ip=999.1.1.1');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ ip: 'Укажите корректный IP-адрес' });
  });

  itOnRealGazetteer('holds hand-written cities that agree with the real gazetteer (only where the handbook’s city.csv exists)', () => {
    const rows = csvRecords(readFileSync(REAL_CITY_CSV, 'utf8'));
    expect(builtInCities).toHaveLength(30);
    for (const city of builtInCities) {
      const row = rows.find((r) => r.fias_id === city.fiasId);
      expect({ city: city.city, found: row?.city || row?.region }).toEqual({ city: city.city, found: city.city });
      expect(row!.address).toBe(city.value);
      expect(Math.abs(Number(row!.geo_lat) - city.lat)).toBeLessThan(0.1);
      expect(Math.abs(Number(row!.geo_lon) - city.lon)).toBeLessThan(0.1);
    }
  });
});

describe('address search on the gazetteer CSV', () => {
  it('searches the configured file through the API', async () => {
    const file = writeFixtureGazetteer();
    const app = await buildApp({ config: testConfig({ addressGazetteer: file }), db: ctx.db, logger: false });
    try {
      const [korolyovsk] = fixtureCities;
      expect((await search(app, 'королевск')).body.data.items).toEqual([
        { value: korolyovsk!.address, cityFiasId: korolyovsk!.fiasId, geoLat: korolyovsk!.lat, geoLon: korolyovsk!.lon },
      ]);
      const ex = (await search(app, 'Выдуманная', 20)).body.data.items as Address[];
      // Ranked by population: the larger town first.
      expect(ex.map((a) => a.value)).toEqual(['Выдуманная обл, г Королёвск', 'Выдуманная обл, г Новоградск']);
      expect((await search(app, 'примерная')).body.data.items.map((a: Address) => a.value)).toEqual(['Респ Примерная, г Новоозёрск']);
      expect((await search(app, 'ново', 2)).body.data.items.map((a: Address) => a.value)).toEqual(['г Новостолица', 'Выдуманная обл, г Новоградск']);
      // Built-in cities are not searched once a file is configured.
      expect((await search(app, 'москва')).body.data.items).toEqual([]);
    } finally {
      await app.close();
    }
  });

  itOnRealGazetteer('searches the real gazetteer through the API (only where the handbook’s city.csv exists)', async () => {
    const app = await buildApp({ config: testConfig({ addressGazetteer: REAL_CITY_CSV }), db: ctx.db, logger: false });
    try {
      const kor = (await search(app, 'королев')).body.data.items as Address[];
      expect(kor[0]).toEqual({ value: 'Московская обл, г Королёв', cityFiasId: expect.stringMatching(/^[0-9a-f-]{36}$/), geoLat: expect.any(Number), geoLon: expect.any(Number) });
      const ad = (await search(app, 'Адыгея', 20)).body.data.items as Address[];
      expect(ad.map((a) => a.value)).toEqual(expect.arrayContaining(['г Майкоп', 'Респ Адыгея, г Адыгейск']));
      expect(ad[0]!.value).toBe('г Майкоп');
      expect((await search(app, 'ново', 5)).body.data.items).toHaveLength(5);
    } finally {
      await app.close();
    }
  });

  describe('regions, and towns named only in their district column', () => {
    const values = async (query: string, limit = 10) => (await gazetteerProvider({ file: writeRegionGazetteer() }).search(query, limit)).map((a) => a.value);

    it('takes «Регион, Город» as a city of that region, not as a street of the region\'s towns', async () => {
      expect(await values('Московская обл, Химки')).toEqual(['Московская обл, г Химки']);
      expect(await values('Ленинградская обл, Гатчина')).toEqual(['Ленинградская обл, г Гатчина']);
      expect(await values('Московская область, Балаш')).toEqual(['Московская обл, г Балашиха']);
      expect(await values('Новгородская, Старая')).toEqual(['Новгородская обл, г Старая Русса']);
      const [khimki] = await gazetteerProvider({ file: writeRegionGazetteer() }).search('Московская обл, Химки', 10);
      expect(khimki).toEqual({ value: 'Московская обл, г Химки', cityFiasId: regionFixtureId('Московская обл, г Химки'), geoLat: 55.89, geoLon: 37.44 });
      // A street after the region and city, or after a suggestion taken as offered.
      expect((await values('Московская обл, Химки, ул Ленина, д 1'))[0]).toBe('Московская обл, г Химки, ул Ленина, д 1');
      expect((await values('Московская обл, г Одинцово, г Голицыно, ул Ленина'))[0]).toBe('Московская обл, г Одинцово, г Голицыно, ул Ленина');
    });

    it('answers a region alone with its cities, capital and largest first, with nothing appended', async () => {
      expect(await values('Московская обл')).toEqual([
        'Московская обл, г Балашиха',
        'Московская обл, г Химки',
        'Московская обл, г Одинцово',
        'Московская обл, г Одинцово, г Голицыно',
      ]);
      expect(await values('Московская обл,')).toEqual(await values('Московская обл'));
      expect(await values('Новгородская обл')).toEqual([
        'г Великий Новгород',
        'Новгородская обл, г Боровичи',
        'Новгородская обл, г Старая Русса',
        'Новгородская обл, г Валдай',
      ]);
    });

    it('names a town whose city column is empty by its district column, not by its region', async () => {
      const file = writeRegionGazetteer();
      const odintsovo = entriesFromCsv(readFileSync(file, 'utf8')).find((e) => e.value === 'Московская обл, г Одинцово');
      expect(odintsovo?.city).toBe('Одинцово');
      expect(await values('Одинцово Советская 5')).toEqual(['Московская обл, г Одинцово, Советская 5']);
      // Голицыно lies in Одинцово's district but is not Одинцово: no street is put on it.
      expect(await values('Одинцово, ул Ленина')).toEqual(['Московская обл, г Одинцово, ул Ленина']);
    });

    it('ranks a word of a city\'s own name above a match in its region only', async () => {
      expect(await values('Новгород', 3)).toEqual(['г Нижний Новгород', 'г Великий Новгород', 'Новгородская обл, г Боровичи']);
      expect(await values('великий новг')).toEqual(['г Великий Новгород']);
    });
  });

  describe('a city field (bound=city): real cities only, by their own names', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp({ config: testConfig({ addressGazetteer: writeRegionGazetteer() }), db: ctx.db, logger: false });
    });
    afterAll(() => app.close());
    const cities = async (query: string) => {
      const res = await getJson(app, `/api/user/address/search?query=${encodeURIComponent(query)}&bound=city`);
      expect(res.status).toBe(200);
      return (res.body.data.items as Address[]).map((a) => a.value);
    };
    const addresses = async (query: string) => ((await search(app, query)).body.data.items as Address[]).map((a) => a.value);

    it('offers no place made of a shorter city and the rest of the text', async () => {
      expect(await cities('Ростов на Дону')).toEqual(['г Ростов-на-Дону']);
      expect(await cities('ростов-на-дону')).toEqual(['г Ростов-на-Дону']);
      expect(await cities('г Ростов на Дону')).toEqual(['г Ростов-на-Дону']);
      // A street typed after a city: that city, nothing appended.
      expect(await cities('Казань ул')).toEqual(['г Казань']);
      expect(await cities('Казань, ул Баумана, д 5')).toEqual(['г Казань']);
      expect(await cities('Московская обл, Химки, ул Ленина')).toEqual(['Московская обл, г Химки']);
      const [rostov] = (await getJson(app, `/api/user/address/search?query=${encodeURIComponent('Ростов на Дону')}&bound=city`)).body.data.items as Address[];
      expect(rostov).toEqual({ value: 'г Ростов-на-Дону', cityFiasId: regionFixtureId('г Ростов-на-Дону'), geoLat: 47.22, geoLon: 39.72 });
    });

    it('keeps ё equal to е, and finds a region\'s cities as the address search does', async () => {
      expect(await cities('Орел')).toEqual(['г Орёл']);
      expect(await cities('орёл')).toEqual(['г Орёл']);
      expect(await cities('Ростов')).toEqual(['Ярославская обл, г Ростов', 'г Ростов-на-Дону']);
      expect(await cities('Новгородская обл, Старая')).toEqual(['Новгородская обл, г Старая Русса']);
      expect(await cities('Нигде')).toEqual([]);
    });

    it('ranks a city the text names whole, or begins, above a street of a shorter city in the address search', async () => {
      expect(await addresses('Ростов на Дону')).toEqual(['г Ростов-на-Дону']);
      expect((await addresses('Ростов на'))[0]).toBe('г Ростов-на-Дону');
      expect(await addresses('Ростов на Дону Садовая 5')).toEqual(['г Ростов-на-Дону, Садовая 5']);
      expect((await addresses('Казань ул'))[0]).toBe('г Казань, ул');
    });

    it('refuses an unknown bound in Russian', async () => {
      const res = await getJson(app, `/api/user/address/search?query=${encodeURIComponent('Казань')}&bound=street`);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ bound: 'Границы подсказок: city или не указаны' });
    });
  });

  it('reads a small file once, handles quoted fields, and ranks by population', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gazetteer-'));
    const file = path.join(dir, 'cities.csv');
    writeFileSync(
      file,
      [
        'address,region_type,region,city_type,city,fias_id,geo_lat,geo_lon,population',
        '"Тестовая обл, г Ёлкино",обл,Тестовая,г,Ёлкино,11111111-1111-1111-1111-111111111111,50.5,40.25,1000',
        '"Тестовая обл, г Елкинск",обл,Тестовая,г,Елкинск,22222222-2222-2222-2222-222222222222,51,41,50000',
        '"г Столица",г,Столица,,,33333333-3333-3333-3333-333333333333,,,900000',
      ].join('\r\n'),
    );
    const provider = gazetteerProvider({ file });
    expect(await provider.search('елкин', 10)).toEqual([
      { value: 'Тестовая обл, г Елкинск', cityFiasId: '22222222-2222-2222-2222-222222222222', geoLat: 51, geoLon: 41 },
      { value: 'Тестовая обл, г Ёлкино', cityFiasId: '11111111-1111-1111-1111-111111111111', geoLat: 50.5, geoLon: 40.25 },
    ]);
    expect(await provider.search('ёлкино', 10)).toHaveLength(1);
    expect(await provider.search('столица', 10)).toEqual([{ value: 'г Столица', cityFiasId: '33333333-3333-3333-3333-333333333333', geoLat: null, geoLon: null }]);
    unlinkSync(file);
    expect(await provider.search('тестовая', 10)).toHaveLength(2);
    rmdirSync(dir);
  });

  it('answers 502 when the configured file cannot be read', async () => {
    const errors: unknown[] = [];
    const provider = gazetteerProvider({ file: path.join(os.tmpdir(), 'no-such-gazetteer.csv'), onError: (e) => errors.push(e) });
    await expect(provider.search('Москва', 5)).rejects.toMatchObject({ statusCode: 502, message: 'Сервис адресов временно недоступен' });
    expect(errors).toHaveLength(1);
    const app = await buildApp({ config: testConfig({ addressGazetteer: '/nonexistent/city.csv' }), db: ctx.db, logger: false });
    try {
      const res = await search(app, 'Москва');
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: 'Сервис адресов временно недоступен', code: 'address_provider_unavailable' });
    } finally {
      await app.close();
    }
  });
});
