import { QueryClient } from '@tanstack/react-query';
import type { Executor } from 'shared';
import { listAnswer, ok, setTestRuntimeConfig } from 'shared/testing';
import { getExecutorQueryOptions } from './features/executors/api/get-executor';
import { executorMeta } from './features/executors/lib/executor-meta';
import { makeExecutor } from './features/executors/testing/fixtures';
import { INFO_PAGES, type InfoPageKey } from './features/info/lib/info-pages';
import { routes } from './routes';
import { FACADE, KAZAN_FIAS_ID, ROOFING, serveCatalogApi } from './testing/catalog-api';
import { ORIGIN, prefetchRoute } from './testing/server-route';

beforeEach(() => setTestRuntimeConfig());

async function metaOf(path: string) {
  const { meta } = await prefetchRoute(path);
  if (!meta) throw new Error(`No meta at ${path}`);
  return meta;
}

const ofType = (meta: { jsonLd?: Record<string, unknown>[] }, type: string) => meta.jsonLd?.find((item) => item['@type'] === type);

describe('routes', () => {
  it('spec §2: application/:id and the executor list are client-only; every route has a head, theirs too (the tab and a shared link)', () => {
    expect(routes.filter((route) => route.handle.clientOnly).map((route) => route.path)).toEqual(['application/:id', 'executor', 'executor/search']);
    for (const route of routes) expect(typeof route.handle.meta).toBe('function');
  });
});

describe('route meta', () => {
  it('/test, the service\'s own status with its internal addresses, is kept out of search results; the other pages are not', async () => {
    serveCatalogApi();
    expect(await metaOf('/test')).toMatchObject({ title: 'Тестовая страница', noindex: true });
    for (const path of ['/', '/service', '/about']) expect([path, (await metaOf(path)).noindex]).toEqual([path, undefined]);
  });

  it('/: the marketplace, with a WebSite whose search is the application search', async () => {
    serveCatalogApi();
    const meta = await metaOf('/');

    expect(meta).toMatchObject({ title: 'Заявки на услуги и исполнители в одном месте', canonicalPath: '/', ogType: 'website' });
    expect(meta.description).toMatch(/заявки/);
    expect(ofType(meta, 'WebSite')).toMatchObject({
      name: 'Маркетплейс услуг',
      url: `${ORIGIN}/`,
      potentialAction: { target: `${ORIGIN}/application/search?query={search_term_string}` },
    });
  });

  it('the application list: filters and count in words, one canonical URL without sort or names, with its page', async () => {
    serveCatalogApi();
    const meta = await metaOf(
      '/application/search?page=3&min_price=1000&attributeSort=price&typeSort=desc&addressName=Казань&address=93b3df57&services=3',
    );

    expect(meta.title).toBe('Заявки: Ремонт кровли, Казань, страница 3');
    expect(meta.description).toMatch(/^Найдено 14 заявок — Ремонт кровли, Казань\. Цена от 1\s000\s₽\. Цены, сроки/);
    // Page 3 lists other applications than page 1: it is its own canonical, not a copy of the first.
    expect(meta.canonicalPath).toBe('/application?services=3&address=93b3df57&min_price=1000&page=3');
    expect(meta.status).toBeUndefined();
    expect(ofType(meta, 'ItemList')).toMatchObject({
      numberOfItems: 2,
      itemListElement: [
        { position: 1, name: ROOFING.name, url: `${ORIGIN}/application/${ROOFING.id}` },
        { position: 2, name: FACADE.name, url: `${ORIGIN}/application/${FACADE.id}` },
      ],
    });
  });

  it('the plain list and the plain search have their own titles and the same canonical path', async () => {
    serveCatalogApi({ applications: listAnswer([], { total: 0 }) });

    expect(await metaOf('/application?page=2')).toMatchObject({ title: 'Заявки на услуги, страница 2', canonicalPath: '/application?page=2', jsonLd: [] });
    expect(await metaOf('/application?page=1')).toMatchObject({ title: 'Заявки на услуги', canonicalPath: '/application' });
    expect(await metaOf('/application/search')).toMatchObject({ title: 'Поиск заявок', canonicalPath: '/application' });
    expect((await metaOf('/application')).description).toMatch(/^Заявок не найдено\. Цены, сроки/);
    // Spec §3's default customer type is the plain list, not a copy of it under another address.
    expect(await metaOf('/application?type=customer')).toMatchObject({ title: 'Заявки на услуги', canonicalPath: '/application' });
  });

  it('nothing found: the description says «Заявок не найдено — «x».», as the results announce, not «Найдено 0 заявок»', async () => {
    serveCatalogApi({ applications: listAnswer([], { total: 0 }) });
    const meta = await metaOf('/application/search?query=x');

    expect(meta.description).toMatch(/^Заявок не найдено — «x»\. Цены, сроки/);
    expect(meta.description).not.toContain('Найдено');
    // Nothing found is an answer, not a missing page: indexed as it was, with its own canonical.
    expect(meta).toMatchObject({ title: 'Заявки: «x»', canonicalPath: '/application?query=x' });
    expect(meta.status).toBeUndefined();
    expect(meta.noindex).toBeUndefined();
  });

  it('nothing found in the service catalogue: «Услуг не найдено.»; in a city, that no executor there offers any, as the page says', async () => {
    serveCatalogApi({ services: listAnswer([], { total: 0, limit: 12 }) });
    expect((await metaOf('/service?query=zzz')).description).toMatch(/^Услуг не найдено\. Выберите услугу/);

    serveCatalogApi();
    const inCity = await metaOf(`/service?address=nowhere&addressName=${encodeURIComponent('г Самара')}`);
    expect(inCity.description).toBe('Пока нет исполнителей услуг в городе Самара. Выберите услугу, чтобы увидеть заявки и исполнителей по ней.');
    expect(inCity.status).toBeUndefined();

    // With a query too, the page names neither cause (the answer does not tell which left nothing): nor does the head.
    serveCatalogApi({ services: listAnswer([], { total: 0, limit: 12 }) });
    const queried = await metaOf(`/service?query=абв&address=nowhere&addressName=${encodeURIComponent('г Самара')}`);
    expect(queried.description).toMatch(/^Ничего не найдено в городе Самара\. Выберите услугу/);
  });

  describe('a page past the list’s last one', () => {
    it('/application?page=99: 404 (not indexed), its canonical and way on the list’s first page, saying how many pages there are', async () => {
      serveCatalogApi({ applications: listAnswer([], { total: 14, page: 99 }) });

      expect(await metaOf('/application?page=99')).toEqual({
        title: 'Такой страницы нет',
        description: 'Такой страницы нет: в списке 3 страницы.',
        canonicalPath: '/application',
        ogType: 'website',
        // A 404: the server's head says `robots noindex` for it, as for a missing entity's page.
        status: 404,
        back: { href: '/application', label: 'К первой странице' },
      });
      // The search keeps its filters in the first page it names; not its sort or display names.
      expect(await metaOf('/application/search?query=кровля&attributeSort=price&addressName=Казань&address=93b3df57&page=99')).toMatchObject({
        status: 404,
        canonicalPath: `/application?${new URLSearchParams({ query: 'кровля', address: '93b3df57' })}`,
        back: { href: `/application?${new URLSearchParams({ query: 'кровля', address: '93b3df57' })}` },
      });
    });

    it('past the end of a list whose total is only the API’s cap: still a 404, saying the list has fewer pages than the one asked for', async () => {
      // 100 000 rows: the count stops at 10 000 (1 667 pages) while the list runs to page 5 023.
      serveCatalogApi({ applications: ok({ items: [], total: 10_000, page: 5_024, limit: 6, totalExact: false }) });

      const meta = await metaOf('/application?page=5024');
      expect([meta.status, meta.title, meta.canonicalPath]).toEqual([404, 'Такой страницы нет', '/application']);
      expect(meta.description).toBe('Такой страницы нет: в списке меньше 5\u00a0024 страниц.');
    });

    it('/service?page=99 and /executor?page=99 (client-rendered, its data sent with it) say the same', async () => {
      serveCatalogApi({ services: listAnswer([], { total: 30, page: 99, limit: 12 }), executors: listAnswer([], { total: 13, page: 99, limit: 12 }) });

      expect(await metaOf('/service?query=плитка&page=99')).toMatchObject({
        title: 'Такой страницы нет',
        description: 'Такой страницы нет: в списке 3 страницы.',
        canonicalPath: `/service?${new URLSearchParams({ query: 'плитка' })}`,
        status: 404,
      });
      expect(await metaOf('/executor?page=99')).toMatchObject({
        title: 'Такой страницы нет',
        description: 'Такой страницы нет: в списке 2 страницы.',
        canonicalPath: '/executor',
        status: 404,
        back: { href: '/executor', label: 'К первой странице' },
      });
      expect(await metaOf('/executor/search?query=кровля&page=99')).toMatchObject({ status: 404, canonicalPath: `/executor?${new URLSearchParams({ query: 'кровля' })}` });
    });

    it('a page that lists something, and a list with nothing at all, are no such page', async () => {
      serveCatalogApi({ executors: listAnswer([], { total: 0, limit: 12 }) });
      for (const path of ['/application?page=3', '/service?page=2', '/executor?page=5']) {
        const meta = await metaOf(path);
        expect([path, meta.status, meta.noindex, meta.title]).toEqual([path, undefined, undefined, expect.not.stringContaining('Такой страницы нет')]);
      }
    });
  });

  it('the client-only executor list and search are named in the head, not left with the bare site name', async () => {
    serveCatalogApi();
    expect(await metaOf('/executor')).toMatchObject({ title: 'Исполнители', canonicalPath: '/executor', ogType: 'website' });
    expect(await metaOf('/executor/search')).toMatchObject({ title: 'Поиск исполнителей', canonicalPath: '/executor' });
    // The head names the view as the tab does once the page runs (executorListTitle), like the other catalogues' heads.
    expect(await metaOf('/executor/search?query=кровля')).toMatchObject({ title: 'Исполнители по запросу «кровля»', canonicalPath: `/executor?${new URLSearchParams({ query: 'кровля' })}` });
    // Each page is its own, in any sort, as the other catalogues' (QA XXX-2).
    expect(await metaOf('/executor?page=2')).toMatchObject({ canonicalPath: '/executor?page=2' });
    expect(await metaOf('/executor?attributeSort=name&typeSort=asc&page=2')).toMatchObject({ canonicalPath: '/executor?page=2' });
  });

  it('a filtered executor list is named in the head by the services and city its executors name, as the tab names it (QA AAB-6)', async () => {
    const KAZAN = '93b3df57-4c89-44df-ac42-96f05e9cd3b9';
    serveCatalogApi({ executors: listAnswer([makeExecutor({ services: [{ id: 4, name: 'Укладка плитки' }, { id: 7, name: 'Монтаж освещения' }] })], { total: 1, limit: 12 }) });
    expect(await metaOf(`/executor?services=7&address=${KAZAN}`)).toMatchObject({ title: 'Исполнители в городе Казань: Монтаж освещения' });
    // A service none of them names is still said to narrow the list.
    expect(await metaOf('/executor?services=7,99')).toMatchObject({ title: 'Исполнители: выбранные услуги' });
  });

  // QA AAG-3: a group's id in a list's URL stands for its services; the chip named the group, the head «выбранные услуги».
  it('a list chosen by a service its results do not name (a group) is named in the head by the catalogue, read only then', async () => {
    const api = serveCatalogApi();
    expect(await metaOf('/application?services=1')).toMatchObject({ title: 'Заявки: Ремонт' });
    expect(await metaOf('/executor?services=1,7')).toMatchObject({ title: 'Исполнители: Ремонт, Монтаж освещения' });
    expect(api.callsTo('GET service/get-collection/filter')).toHaveLength(2);
    // Named by the results on screen: no catalogue asked for.
    expect(await metaOf('/application?services=3')).toMatchObject({ title: 'Заявки: Ремонт кровли' });
    expect(await metaOf('/executor?services=7')).toMatchObject({ title: 'Исполнители: Монтаж освещения' });
    expect(api.callsTo('GET service/get-collection/filter')).toHaveLength(2);
  });

  it('/service/:id: a Service and the trail through its group', async () => {
    serveCatalogApi();
    const meta = await metaOf('/service/11');

    expect(meta).toMatchObject({ title: 'Укладка плитки: заявки и исполнители', canonicalPath: '/service/11', ogType: 'website' });
    expect(meta.description).toContain('Укладка плитки (группа «Ремонт»)');
    expect(ofType(meta, 'Service')).toMatchObject({ name: 'Укладка плитки', url: `${ORIGIN}/service/11`, category: 'Ремонт', description: meta.description });
    expect(ofType(meta, 'BreadcrumbList')).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Главная', item: `${ORIGIN}/` },
        { '@type': 'ListItem', position: 2, name: 'Услуги', item: `${ORIGIN}/service` },
        { '@type': 'ListItem', position: 3, name: 'Ремонт', item: `${ORIGIN}/service/1` },
        { '@type': 'ListItem', position: 4, name: 'Укладка плитки', item: `${ORIGIN}/service/11` },
      ],
    });
  });

  it('a service group names its services', async () => {
    serveCatalogApi();
    const meta = await metaOf('/service/1');

    expect(meta.title).toBe('Ремонт: все услуги группы');
    expect(meta.description).toContain('Группа услуг «Ремонт»: Укладка плитки, Поклейка обоев.');
  });

  it('/service: the catalogue with its count; the canonical path keeps only the query and the page', async () => {
    serveCatalogApi();
    const meta = await metaOf('/service?page=2&query=плитка');

    expect(meta.title).toBe('Услуги по запросу «плитка», страница 2');
    expect(meta.description).toMatch(/^Найдено 30 услуг\. Группы: Ремонт\./);
    expect(meta.canonicalPath).toBe(`/service?${new URLSearchParams({ query: 'плитка', page: '2' })}`);
    expect(ofType(meta, 'ItemList')).toMatchObject({ numberOfItems: 3 });
  });

  it('/service in a city: the title and description name the city; the canonical keeps the city, not its name or the sort', async () => {
    serveCatalogApi();
    const meta = await metaOf(`/service?typeSort=desc&attributeSort=name&addressName=${encodeURIComponent('г Казань')}&address=${KAZAN_FIAS_ID}&page=2`);

    expect(meta.title).toBe('Услуги в городе Казань, страница 2');
    expect(meta.description).toMatch(/^Найдено 2 услуги\. Услуги, которые предлагают исполнители в городе Казань\. Группы: Ремонт\./);
    expect(meta.canonicalPath).toBe(`/service?address=${KAZAN_FIAS_ID}&page=2`);
    expect(ofType(meta, 'ItemList')).toMatchObject({ numberOfItems: 2 });
    expect((await metaOf(`/service?query=плитка&address=${KAZAN_FIAS_ID}`)).title).toBe('Услуги по запросу «плитка» в выбранном городе');
  });

  it('/executor/:id: an Organization (or a Person) with its city and services, and its trail', async () => {
    serveCatalogApi();
    const meta = await metaOf('/executor/15');

    expect(meta).toMatchObject({ title: 'ООО «Мастер на час» — организация-исполнитель, г Казань', canonicalPath: '/executor/15', ogType: 'profile' });
    expect(meta.description).toBe(
      'Организация ООО «Мастер на час», г Казань: 42 выполненные заявки на сервисе. Услуги: Укладка плитки, Монтаж освещения. Мелкий ремонт за один визит',
    );
    expect(ofType(meta, 'Organization')).toMatchObject({
      name: 'ООО «Мастер на час»',
      url: `${ORIGIN}/executor/15`,
      // An organisation's address is its legal one, street and all: not a locality (schema.org).
      address: { '@type': 'PostalAddress', streetAddress: 'г Казань', addressCountry: 'RU' },
      knowsAbout: ['Укладка плитки', 'Монтаж освещения'],
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.8, reviewCount: 12, bestRating: 5 },
      taxID: '1655000000',
    });
    expect(ofType(meta, 'BreadcrumbList')).toMatchObject({ itemListElement: [{ name: 'Главная' }, { name: 'Исполнители' }, { name: 'ООО «Мастер на час»' }] });
  });

  it('/executor/:id: an organisation’s legal address is its street address, a person’s city his locality', () => {
    const addressOf = (executor: Executor) => {
      const queryClient = new QueryClient();
      queryClient.setQueryData(getExecutorQueryOptions(executor.id).queryKey, executor);
      const meta = executorMeta({ queryClient, url: new URL(`/executor/${executor.id}`, ORIGIN), params: { id: String(executor.id) } });
      return meta.jsonLd?.[0]?.address;
    };
    const legal = { value: 'г Казань, ул Баумана, д 1', cityFiasId: KAZAN_FIAS_ID, geoLat: null, geoLon: null };

    expect(addressOf(makeExecutor({ type: 'organization', address: legal }))).toEqual({ '@type': 'PostalAddress', streetAddress: 'г Казань, ул Баумана, д 1', addressCountry: 'RU' });
    expect(addressOf(makeExecutor({ type: 'executor' }))).toEqual({ '@type': 'PostalAddress', addressLocality: 'Казань', addressCountry: 'RU' });
    expect(addressOf(makeExecutor({ type: 'organization', address: null }))).toBeUndefined();
  });

  it('/facility/:id: a Place at its point', async () => {
    serveCatalogApi();
    const meta = await metaOf('/facility/4');

    expect(meta).toMatchObject({ title: 'Склад на Тэцевской — складское помещение, г Казань, ул Тэцевская, д 12', canonicalPath: '/facility/4' });
    expect(meta.description).toBe('Складское помещение «Склад на Тэцевской», г Казань, ул Тэцевская, д 12. Отапливаемый склад 600 м²');
    expect(ofType(meta, 'Place')).toMatchObject({ geo: { latitude: 55.81, longitude: 49.05 }, address: { streetAddress: 'г Казань, ул Тэцевская, д 12' } });
    expect(ofType(meta, 'BreadcrumbList')).toMatchObject({ itemListElement: [{ name: 'Главная' }, { name: 'Склад на Тэцевской' }] });
  });

  it('/application/:id, client-rendered, still has a head: the application named, one canonical URL', async () => {
    serveCatalogApi();
    const meta = await metaOf(`/application/${ROOFING.id}?utm_source=chat`);

    expect(meta).toMatchObject({ title: ROOFING.name, canonicalPath: `/application/${ROOFING.id}` });
    expect(meta.description).toBe(ROOFING.description);
    expect(meta.status).toBeUndefined();
  });

  it.each([
    ['/application/999', 'Заявка не найдена'],
    ['/application/abc', 'Заявка не найдена'],
    ['/application/0', 'Заявка не найдена'],
    ['/service/999', 'Услуга не найдена'],
    ['/service/abc', 'Услуга не найдена'],
    ['/executor/16', 'Исполнитель не найден'],
    ['/executor/0', 'Исполнитель не найден'],
    ['/facility/5', 'Объект не найден'],
    ['/facility/-4', 'Объект не найден'],
  ])('%s: status 404 with the page’s «not found» title', async (path, title) => {
    serveCatalogApi();
    const meta = await metaOf(path);

    expect(meta.status).toBe(404);
    expect(meta.title).toBe(title);
    expect(meta.jsonLd).toBeUndefined();
  });

  it('/application/:id not found: the server\'s head says a closed application is not public either, as the page does (QA PP-5)', async () => {
    serveCatalogApi();
    const meta = await metaOf('/application/999');

    expect(meta.description).toBe('Возможно, она закрыта или снята с публикации, или в адресе ошибка.');
  });

  it('/application/:id refused as not public (403: QA OOO-3) is a 404 with the page’s «not found» head, as a closed one was', async () => {
    const api = serveCatalogApi();
    api.mock.mockImplementation(async () => ({ ok: false, status: 403, headers: new Headers(), json: async () => ({}), text: async () => JSON.stringify({ message: 'Заявка доступна только её участникам', code: 'forbidden' }) }) as unknown as Response);

    const meta = await metaOf('/application/77');

    expect(meta).toMatchObject({ status: 404, title: 'Заявка не найдена' });
  });

  it('a failure other than 404 is not «not found»: the head stays the route’s own', async () => {
    const api = serveCatalogApi();
    api.mock.mockImplementation(async () => ({ ok: false, status: 500, headers: new Headers(), json: async () => ({}), text: async () => '{}' }) as unknown as Response);

    const meta = await metaOf('/executor/15');

    expect(meta.status).toBeUndefined();
    expect(meta).toMatchObject({ title: 'Исполнитель', canonicalPath: '/executor/15' });
  });

  it.each(Object.keys(INFO_PAGES) as InfoPageKey[])('/%s: the text page’s title and description', async (key) => {
    const meta = await metaOf(`/${key}`);

    expect(meta).toEqual({ title: INFO_PAGES[key].title, description: INFO_PAGES[key].description, canonicalPath: `/${key}`, ogType: 'article' });
  });
});
