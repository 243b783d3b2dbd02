// /robots.txt and /sitemap.xml of the shell's server (ARCHITECTURE §9), from the API's public
// `sitemap/get-collection` (published applications, executors, services, facilities). The index
// lists one file per kind and page of 50,000 (the protocol's limit) and the fixed public pages.
const KINDS = { application: '/application', executor: '/executor', service: '/service', facility: '/facility' };
const STATIC_PAGES = ['/', '/application', '/executor', '/service', '/about', '/contacts', '/consultations', '/guarantees', '/reference', '/privacy-policy'];
const CACHE_MS = 10 * 60_000;

/** Text or an attribute value in HTML or XML. */
export const escapeMarkup = (value) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function robotsTxt(origin) {
  return ['User-agent: *', 'Allow: /', 'Disallow: /lk', 'Disallow: /*?auth=', 'Disallow: /*&auth=', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export function urlSet(urls) {
  const entries = urls.map(({ loc, lastmod }) => `<url><loc>${escapeMarkup(loc)}</loc>${lastmod ? `<lastmod>${escapeMarkup(lastmod)}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</urlset>\n`;
}

export function sitemapIndex(locs) {
  const entries = locs.map((loc) => `<sitemap><loc>${escapeMarkup(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`;
}

/**
 * `answer(pathname, { apiUrl, origin })` → `{ status, type, body }` for /robots.txt, /sitemap.xml
 * and /sitemap/<kind>-<page>.xml, else null. Answers are kept for ten minutes.
 */
export function createSitemap({ fetchImpl = fetch, now = Date.now } = {}) {
  const cache = new Map();

  async function collection(apiUrl, kind, page) {
    const response = await fetchImpl(`${apiUrl}/api/sitemap/get-collection?kind=${kind}&page=${page}`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`sitemap/get-collection ${kind}: HTTP ${response.status}`);
    return (await response.json()).data;
  }

  async function build(pathname, { apiUrl, origin }) {
    if (pathname === '/robots.txt') return { status: 200, type: 'text/plain; charset=utf-8', body: robotsTxt(origin) };
    if (pathname === '/sitemap.xml') {
      const locs = [`${origin}/sitemap/pages.xml`];
      for (const kind of Object.keys(KINDS)) {
        const first = await collection(apiUrl, kind, 1);
        const pages = Math.max(1, Math.ceil(first.total / first.limit));
        for (let page = 1; page <= pages; page += 1) locs.push(`${origin}/sitemap/${kind}-${page}.xml`);
      }
      return { status: 200, type: 'application/xml; charset=utf-8', body: sitemapIndex(locs) };
    }
    if (pathname === '/sitemap/pages.xml') {
      return { status: 200, type: 'application/xml; charset=utf-8', body: urlSet(STATIC_PAGES.map((page) => ({ loc: `${origin}${page}` }))) };
    }
    // Pages count from 1 (and 01 is not 1): another file name is no file of the index, 404, not an outage.
    const match = /^\/sitemap\/(\w+)-([1-9]\d{0,5})\.xml$/.exec(pathname);
    if (!match || !(match[1] in KINDS)) return null;
    const data = await collection(apiUrl, match[1], Number(match[2]));
    if (!data.items.length && Number(match[2]) > 1) return { status: 404, type: 'text/plain; charset=utf-8', body: 'Not Found' };
    const urls = data.items.map((item) => ({ loc: `${origin}${KINDS[match[1]]}/${item.id}`, lastmod: item.updatedAt }));
    return { status: 200, type: 'application/xml; charset=utf-8', body: urlSet(urls) };
  }

  return async function answer(pathname, options) {
    if (pathname !== '/robots.txt' && pathname !== '/sitemap.xml' && !pathname.startsWith('/sitemap/')) return null;
    const key = `${options.origin} ${pathname}`;
    const hit = cache.get(key);
    if (hit && now() - hit.at < CACHE_MS) return hit.value;
    const value = await build(pathname, options);
    if (value && value.status === 200) cache.set(key, { at: now(), value });
    return value;
  };
}
