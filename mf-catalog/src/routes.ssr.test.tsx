/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { getRuntimeConfig } from 'shared';
import { makeApplication, ok, setTestRuntimeConfig } from 'shared/testing';
import { KAZAN_FIAS_ID, REPAIR, serveCatalogApi, TILES, WALLPAPER } from './testing/catalog-api';
import { routes } from './routes';
import { ORIGIN, prefetchRoute, routeAt, ServerPage } from './testing/server-route';

// The maps' Leaflet view must never load on the server: importing it here fails the render.
jest.mock('leaflet', () => {
  throw new Error('Leaflet was imported during a server render');
});
jest.mock('react-leaflet', () => {
  throw new Error('react-leaflet was imported during a server render');
});

beforeEach(() => setTestRuntimeConfig());

/** Every server-rendered route, and what its HTML must already hold. */
const PAGES: [path: string, ...texts: string[]][] = [
  ['/', 'Заявки на услуги и исполнители в одном месте', 'Поклейка обоев', 'Утепление фасада', 'aria-label="Карта заявок"', 'map-frame__skeleton'],
  ['/application?services=3&page=2', 'Перекрыть кровлю', 'Найдено 14 заявок', 'aria-label="Карта заявок"'],
  ['/application/search?query=кровля', 'Поиск заявок', 'Утепление фасада'],
  // Moscow time, whatever the machine's zone: 2025-02-28T22:30Z is the 1st of March there.
  ['/executor/15', 'ООО «Мастер на час»', 'Мелкий ремонт за один визит', '1 марта 2025'],
  // The fake answers as an API older than `serviceTotal` does (30 rows): its total is all there is to count.
  ['/service?query=плитка', 'Найдено 30 услуг', 'Укладка плитки'],
  ['/service/11', 'Укладка плитки', 'Заявки по услуге'],
  ['/service/1', 'Услуги группы', 'Поклейка обоев'],
  // A service opened from a city's catalogue names the city and keeps it in its links.
  [`/service/11?address=${KAZAN_FIAS_ID}&addressName=${encodeURIComponent('г Казань')}`, 'Заявки и исполнители в городе Казань', 'Искать во всех городах', `services=11&amp;address=${KAZAN_FIAS_ID}`],
  ['/facility/4', 'Склад на Тэцевской', 'Поэтажный план.pdf', '2 октября 2026', 'aria-label="Карта: г Казань, ул Тэцевская, д 12"'],
  ['/about', 'О сервисе'],
  ['/consultations', 'Консультации'],
  ['/guarantees', 'Гарантии'],
  ['/contacts', 'Контакты', 'Заказать звонок'],
  ['/privacy-policy', 'Политика конфиденциальности'],
  ['/reference', 'Справочная информация', 'Частые вопросы'],
  ['/test', 'Тестовая страница', 'api-1.4.0', 'v-3002'],
];

describe('server render (no window, no document)', () => {
  it('runs where the server does, over every route that is not client-only', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    const covered = new Set(PAGES.map(([path]) => routeAt(new URL(path, ORIGIN).pathname).route));
    expect(routes.filter((route) => !route.handle.clientOnly && !covered.has(route))).toEqual([]);
  });

  it.each(PAGES)('%s renders its content after prefetch', async (path, ...texts) => {
    serveCatalogApi();
    const server = await prefetchRoute(path);
    expect(server.route.handle.clientOnly).toBeFalsy();

    const html = renderToString(<ServerPage route={server.route} Page={server.Page} client={server.context.queryClient} path={path} />);

    for (const text of texts) expect(html).toContain(text);
    expect(html).not.toContain('Загружаем');
  });
});

describe('/service counts services, not the groups’ headings, in its HTML and its head alike', () => {
  it.each([
    // The seeded catalogue: 35 rows, 7 of them the groups' own.
    ['/service', ok({ items: [REPAIR, TILES, WALLPAPER], total: 35, page: 1, limit: 12, serviceTotal: 28 }), 'Найдено 28 услуг'],
    // What the API answers for «плитка»: the one service, no heading (the group's name does not match).
    ['/service?query=плитка', ok({ items: [TILES], total: 1, page: 1, limit: 12, serviceTotal: 1 }), 'Найдена 1 услуга'],
    // A group's name found: its heading and its four services.
    ['/service?query=ремонт', ok({ items: [REPAIR, TILES, WALLPAPER], total: 5, page: 1, limit: 12, serviceTotal: 4 }), 'Найдено 4 услуги'],
  ])('%s', async (path, services, count) => {
    serveCatalogApi({ services });
    const server = await prefetchRoute(path);
    const html = renderToString(<ServerPage route={server.route} Page={server.Page} client={server.context.queryClient} path={path} />);

    expect(html).toContain(count);
    expect(server.meta?.description).toMatch(new RegExp(`^${count}\\.`));
  });
});

describe('/service in a city, server-rendered (it works without scripts)', () => {
  const render = async (path: string) => {
    const api = serveCatalogApi();
    const server = await prefetchRoute(path);
    const html = renderToString(<ServerPage route={server.route} Page={server.Page} client={server.context.queryClient} path={path} />);
    return { html, requests: api.callsTo('service/get-collection').map((call) => Object.fromEntries(call.url.searchParams)) };
  };
  const kazan = `address=${KAZAN_FIAS_ID}&addressName=${encodeURIComponent('г Казань')}`;

  it('holds the city’s services in the order asked for, the city chosen, its chip and the sort selected', async () => {
    const { html, requests } = await render(`/service?${kazan}&attributeSort=name&typeSort=desc`);

    expect(requests).toEqual([{ page: '1', limit: '12', address: KAZAN_FIAS_ID, attributeSort: 'name', typeSort: 'desc' }]);
    expect(html).toContain('Найдено 2 услуги');
    expect(html).toContain('Укладка плитки');
    expect(html).not.toContain('Поклейка обоев');
    expect(html).toMatch(/<input[^>]*role="combobox"[^>]*value="г Казань"/);
    expect(html).toContain('aria-label="Убрать фильтр Город: г Казань"');
    expect(html).toMatch(/<option value="name:desc" selected="">По названию, от Я до А<\/option>/);
    // The search and sort forms sent without scripts keep the city (their hidden fields).
    expect(html.match(new RegExp(`<input type="hidden" name="address" value="${KAZAN_FIAS_ID}"/>`, 'g'))).toHaveLength(2);
  });

  it('its city chip, without scripts, is a GET of the catalogue without the city and its name, in the same order', async () => {
    const { html } = await render(`/service?${kazan}&query=${encodeURIComponent('плитка')}&attributeSort=name&typeSort=desc&page=2`);

    const chip = /<form[^>]* method="get"[^>]*>((?:<input type="hidden"[^>]*\/>)*)<button type="submit"[^>]*aria-label="Убрать фильтр Город: г Казань"/.exec(html);
    expect(chip).not.toBeNull();
    const sent = [...chip![1]!.matchAll(/name="([^"]*)" value="([^"]*)"/g)].map(([, name, value]) => [name, value]);
    expect(sent).toEqual([
      ['query', 'плитка'],
      ['attributeSort', 'name'],
      ['typeSort', 'desc'],
    ]);
  });

  it('says the city has no executors of the services when nothing matches', async () => {
    const { html } = await render('/service?address=nowhere&addressName=' + encodeURIComponent('Респ Татарстан, г Набережные Челны'));

    expect(html).toContain('Пока нет исполнителей услуг в городе Набережные Челны');
    expect(html).toMatch(/<a href="\/service"[^>]*>Сбросить фильтры<\/a><\/div><\/div>/);
  });
});

describe('/application server-rendered, without scripts', () => {
  /** The form around the select named `name`: its opening tag, what it sends besides the select, and its text. */
  const formOf = (html: string, name: string) => {
    const at = html.search(new RegExp(`<select[^>]* name="${name}"`));
    if (at < 0) return null;
    const start = html.lastIndexOf('<form', at);
    const end = html.indexOf('</form>', at);
    if (start < 0 || end < 0 || html.lastIndexOf('</form>', at) > start) return null;
    const form = html.slice(start, end);
    const hidden = [...form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g)].map(([, key, value]) => [key, value]);
    return { tag: form.slice(0, form.indexOf('>') + 1), hidden, html: form };
  };

  it('the customer type is a field of the panel’s one GET form: «Применить» sends it as chosen, with the prices, the date and the rest of the view, from page 1', async () => {
    serveCatalogApi();
    const path = '/application?services=3&type=organization&attributeSort=price&typeSort=desc&page=2';
    const server = await prefetchRoute(path);
    const html = renderToString(<ServerPage route={server.route} Page={server.Page} client={server.context.queryClient} path={path} />);

    const form = formOf(html, 'type');
    expect(form).not.toBeNull();
    for (const field of ['min_price', 'max_price', 'deadline']) expect(form!.html).toMatch(new RegExp(`<input[^>]* name="${field}"`));
    expect(form!.html).toMatch(/<button type="submit"[^>]*><span[^>]*>Применить<\/span><\/button>$/);
    // The type applied before is the select's value, not a hidden field the choice would not change.
    expect(form!.hidden).toEqual([
      ['services', '3'],
      ['attributeSort', 'price'],
      ['typeSort', 'desc'],
    ]);
    expect(form!.html).toMatch(/<option value="organization" selected="">Только организации<\/option>/);
    expect(html).not.toContain('заказчиков выбранного типа');
  });
});

describe('the pages of a list whose total is only the API’s cap, server-rendered (a crawler or a browser without scripts)', () => {
  // 100 000 rows, 6 a page: the count stops at 10 000 (1 667 pages), while the list runs to page 5 023.
  const render = async (page: number, rows: number) => {
    const items = Array.from({ length: rows }, (_, i) => makeApplication({ id: 1000 + i, name: `Заявка ${i + 1}` }));
    serveCatalogApi({ applications: ok({ items, total: 10_000, page, limit: 6, totalExact: false }) });
    const path = `/application?page=${page}`;
    const server = await prefetchRoute(path);
    const html = renderToString(<ServerPage route={server.route} Page={server.Page} client={server.context.queryClient} path={path} />);
    const nav = /<nav aria-label="Страницы"[^>]*>.*?<\/nav>/s.exec(html)?.[0] ?? '';
    const link = (name: string) => new RegExp(`<a [^>]*aria-label="${name}"[^>]*>`).exec(nav)?.[0];
    return { nav, link };
  };

  it.each([1_667, 3_000])('page %p, full: «Вперёд» is a link to the next page, and the pager names no last page', async (page) => {
    const { nav, link } = await render(page, 6);

    expect(link('Вперёд')).toContain(`href="/application?page=${page + 1}"`);
    expect(link(`Страница ${page}`)).toContain('aria-current="page"');
    // What stands before «Вперёд» is a gap: the list goes on, to no last page the pager could name.
    expect(nav).toMatch(/<li class="ui-pagination__gap"[^>]*>…<\/li><li><a [^>]*aria-label="Вперёд"/);
    expect(link(`Страница ${page + 1}`)).toBeDefined();
    if (page > 1_667) expect(link('Страница 1667')).toBeUndefined();
  });

  it('the list’s last page (not full): no «Вперёд» link', async () => {
    const { link } = await render(5_023, 2);

    expect(link('Страница 5023')).toContain('aria-current="page"');
    expect(link('Вперёд')).toBeUndefined();
  });
});

describe('filters that need scripts, without them', () => {
  /** Each `.ui-script-only` wrapper's inner HTML (to its balanced closing tag). */
  const scriptOnlyParts = (html: string) =>
    [...html.matchAll(/<div class="ui-script-only">/g)].map(({ index }) => {
      const tags = /<(\/?)div\b[^>]*>/g;
      tags.lastIndex = index;
      let depth = 0;
      for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
        depth += tag[1] ? -1 : 1;
        if (depth === 0) return html.slice(index, tag.index);
      }
      return html.slice(index);
    });
  /** The label texts of the fields inside `.ui-script-only` wrappers, and of all. */
  const fieldsOf = (html: string) => {
    const labels = (part: string) => [...part.matchAll(/<label[^>]*>([^<]+)/g)].map(([, text]) => text);
    return { wrapped: scriptOnlyParts(html).flatMap(labels), all: labels(html), parts: scriptOnlyParts(html) };
  };

  it.each([
    ['/application', 'Город, услуги и заказчика можно выбрать только с включённым JavaScript.', ['Город', 'Заказчик']],
    ['/service', 'Город можно выбрать только с включённым JavaScript.', ['Город']],
  ])('%s: the city (and the services, the customer) are hidden without scripts, and the panel says so', async (path, note, scriptOnly) => {
    serveCatalogApi();
    const server = await prefetchRoute(path);
    const html = renderToString(<ServerPage route={server.route} Page={server.Page} client={server.context.queryClient} path={path} />);

    expect(html).toContain(`<noscript><p class="ui-filter-panel__note">${note}</p></noscript>`);
    expect(html).toContain('.ui-script-only{display:none}');
    const { wrapped, all, parts } = fieldsOf(html);
    for (const label of scriptOnly) expect(wrapped).toContain(label);
    // What works without scripts stays in sight.
    if (path === '/application') {
      expect(parts.some((part) => part.includes('Услуги'))).toBe(true);
      expect(all).toEqual(expect.arrayContaining(['Тип заказчика', 'Цена от, ₽']));
      expect(wrapped).not.toContain('Тип заказчика');
      expect(wrapped).not.toContain('Цена от, ₽');
    }
  });
});

describe('/facility/:id server-rendered, without scripts', () => {
  it('each public document’s «Скачать» is a GET of the API’s public download with the document’s id', async () => {
    serveCatalogApi();
    const server = await prefetchRoute('/facility/4');
    const html = renderToString(<ServerPage route={server.route} Page={server.Page} client={server.context.queryClient} path="/facility/4" />);

    // A form whose first control after its hidden fields is the document's button.
    const forms = [...html.matchAll(/<form([^>]*)>((?:<input type="hidden"[^>]*\/>)*)<button([^>]*)>/g)];
    const download = forms.find(([, , , button]) => button!.includes('aria-label="Скачать «Поэтажный план.pdf»"'));
    expect(download).toBeDefined();
    expect(download![3]).toContain('type="submit"');
    expect(download![1]).toContain('method="get"');
    expect(download![1]).toContain(`action="${getRuntimeConfig().apiUrl}/api/facility/document/public/download"`);
    expect(download![2]).toMatch(/^<input type="hidden" name="id" value="\d+"\/>$/);
  });
});

describe('/test server-rendered, without scripts', () => {
  const render = async () => {
    serveCatalogApi();
    const server = await prefetchRoute('/test');
    return renderToString(<ServerPage route={server.route} Page={server.Page} client={server.context.queryClient} path="/test" />);
  };
  /** The opening tags of the form around the button labelled `label`, and of the button; null when it is in none. */
  const formAround = (html: string, label: string) => {
    const at = html.indexOf(`${label}</span></button>`);
    const start = html.lastIndexOf('<form', at);
    if (at < 0 || start < 0 || html.lastIndexOf('</form>', at) > start) return null;
    const buttonAt = html.lastIndexOf('<button', at);
    return { form: html.slice(start, html.indexOf('>', start) + 1), button: html.slice(buttonAt, html.indexOf('>', buttonAt) + 1) };
  };

  it('shows the API as the server found it, not a check that never ends', async () => {
    const html = await render();

    expect(html).toContain('api-1.4.0');
    expect(html).not.toContain('aria-busy="true"');
    expect(html).not.toContain('ui-spinner');
  });

  it.each(['Проверить всё снова', 'Проверить API снова'])('«%s» is a GET of the page itself: the reload checks again', async (label) => {
    const html = await render();

    const around = formAround(html, label);
    expect(around).not.toBeNull();
    expect(around!.form).toContain('method="get"');
    expect(around!.form).not.toContain('action=');
    expect(around!.button).toContain('type="submit"');
    expect(around!.button).not.toContain('aria-disabled');
  });
});
