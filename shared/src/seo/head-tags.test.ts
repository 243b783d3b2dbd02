import { renderHeadTags, SITE_NAME } from './head-tags';

const ORIGIN = 'https://market.example';

function headOf(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html');
}

const metaContent = (doc: Document, selector: string) => doc.querySelector(selector)?.getAttribute('content');

describe('renderHeadTags', () => {
  it('writes the title with the shell’s suffix, the description, an absolute canonical link and Open Graph', () => {
    const html = renderHeadTags(
      { title: 'Укладка плитки', description: 'Заявки и исполнители по услуге', canonicalPath: '/service/12', ogType: 'website' },
      { origin: `${ORIGIN}/` },
    );
    const doc = headOf(html);

    expect(doc.title).toBe('Укладка плитки — Маркетплейс услуг');
    expect(SITE_NAME).toBe('Маркетплейс услуг');
    expect(metaContent(doc, 'meta[name="description"]')).toBe('Заявки и исполнители по услуге');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://market.example/service/12');
    expect(metaContent(doc, 'meta[property="og:title"]')).toBe('Укладка плитки');
    expect(metaContent(doc, 'meta[property="og:description"]')).toBe('Заявки и исполнители по услуге');
    expect(metaContent(doc, 'meta[property="og:type"]')).toBe('website');
    expect(metaContent(doc, 'meta[property="og:url"]')).toBe('https://market.example/service/12');
    expect(metaContent(doc, 'meta[property="og:site_name"]')).toBe('Маркетплейс услуг');
    expect(metaContent(doc, 'meta[property="og:locale"]')).toBe('ru_RU');
    expect(doc.querySelector('meta[property="og:image"]')).toBeNull();
    expect(metaContent(doc, 'meta[name="twitter:card"]')).toBe('summary');
  });

  it('a page kept out of search results says so to robots; others say nothing to them', () => {
    const robots = (noindex?: boolean) => metaContent(headOf(renderHeadTags({ title: 'x', description: '', noindex }, { origin: ORIGIN })), 'meta[name="robots"]');
    expect(robots(true)).toBe('noindex');
    expect(robots(undefined)).toBeUndefined();
    expect(robots(false)).toBeUndefined();
  });

  it('a canonical path is always on the app’s origin, never another host', () => {
    const doc = headOf(renderHeadTags({ title: 'x', description: '', canonicalPath: '//evil.example/page' }, { origin: ORIGIN }));

    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://market.example/evil.example/page');
  });

  it('keeps the query of a canonical list path and makes an image absolute, with a large card', () => {
    const doc = headOf(
      renderHeadTags(
        { title: 'Заявки', description: 'd', canonicalPath: '/application?services=3%2C7&address=abc', image: '/og/list.png' },
        { origin: ORIGIN },
      ),
    );

    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://market.example/application?services=3%2C7&address=abc');
    expect(metaContent(doc, 'meta[property="og:image"]')).toBe('https://market.example/og/list.png');
    expect(metaContent(doc, 'meta[name="twitter:card"]')).toBe('summary_large_image');
  });

  it('escapes every text, so a name cannot add markup or leave its attribute', () => {
    const evil = 'ООО «Рога & Копыта» "><script>alert(1)</script>';
    const html = renderHeadTags({ title: evil, description: `${evil}'`, canonicalPath: '/executor/5?q="x"' }, { origin: ORIGIN });
    const doc = headOf(html);

    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&amp;');
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    expect(doc.title).toBe(`${evil} — Маркетплейс услуг`);
    expect(metaContent(doc, 'meta[name="description"]')).toBe(`${evil}'`);
    expect(metaContent(doc, 'meta[property="og:title"]')).toBe(evil);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://market.example/executor/5?q="x"');
  });

  it('writes each JSON-LD object as its own script that no text inside can close', () => {
    const name = 'Плитка </script><script>alert(1)</script> <!-- & \u2028';
    const html = renderHeadTags(
      {
        title: 'Услуга',
        description: '',
        jsonLd: [
          { '@type': 'Service', name },
          { '@type': 'BreadcrumbList', itemListElement: [] },
        ],
      },
      { origin: ORIGIN },
    );
    const doc = headOf(html);
    const scripts = [...doc.querySelectorAll('script[type="application/ld+json"]')];

    expect(html).not.toMatch(/<\/script><script>alert/);
    expect(html).not.toContain('<!--');
    expect(scripts).toHaveLength(2);
    expect(JSON.parse(scripts[0]!.textContent!)).toEqual({ '@context': 'https://schema.org', '@type': 'Service', name });
    expect(JSON.parse(scripts[1]!.textContent!)).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it('a page without its own title is named by the site alone', () => {
    expect(headOf(renderHeadTags({ title: '', description: '' }, { origin: ORIGIN })).title).toBe('Маркетплейс услуг');
    expect(renderHeadTags({ title: '', description: '' }, { origin: ORIGIN })).not.toContain('rel="canonical"');
  });
});
