/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// scripts/sitemap.mjs, an ES module Jest's CommonJS cannot load, run in a Node of its own: the
// script given is the body of an async module that has `sitemap` (the module) and prints its result.
const sitemapUrl = pathToFileURL(path.resolve(__dirname, '../../../scripts/sitemap.mjs')).href;

function run(body: string): unknown {
  const code = `import * as sitemap from ${JSON.stringify(sitemapUrl)};\nconst result = await (async () => {${body}})();\nprocess.stdout.write(JSON.stringify(result));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' }));
}

/** The text an XML parser reads from an element's content. */
const unescapeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|#39|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", amp: '&' })[name]!);

describe('scripts/sitemap.mjs', () => {
  it('escapes a <loc> and a <lastmod> that hold &, < or a quote (QA Z-27)', () => {
    const loc = "https://market.test/a&b<c'd\"e>f";
    const { set, index } = run(`return {
      set: sitemap.urlSet([{ loc: ${JSON.stringify(loc)}, lastmod: '2026-11-20&<' }]),
      index: sitemap.sitemapIndex([${JSON.stringify(loc)}]),
    };`) as { set: string; index: string };
    for (const xml of [set, index]) {
      const [, written] = /<loc>([\s\S]*?)<\/loc>/.exec(xml) ?? [];
      // Nothing in it an XML parser would take for markup or a broken entity, and it reads back as it was.
      expect(written).not.toMatch(/<|&(?!(lt|gt|quot|apos|#39|amp);)/);
      expect(unescapeXml(written!)).toBe(loc);
    }
    expect(set).toContain('<lastmod>2026-11-20&amp;&lt;</lastmod>');
  });

  it('keeps a found page ten minutes, but not a page past the end: it is found as soon as its items appear (QA Z-27)', () => {
    const result = run(`
      let items = [{ id: 1, updatedAt: '2026-11-20T10:00:00.000Z' }];
      let time = 0;
      const calls = [];
      const fetchImpl = async (url) => {
        calls.push(url);
        const page = Number(new URL(url).searchParams.get('page'));
        const limit = 1;
        return new Response(JSON.stringify({ data: { items: items.slice((page - 1) * limit, page * limit), total: items.length, page, limit } }), { status: 200 });
      };
      const answer = sitemap.createSitemap({ fetchImpl, now: () => time });
      const options = { apiUrl: 'http://api.test', origin: 'https://market.test' };
      const statusOf = async (pathname) => (await answer(pathname, options)).status;
      const pastTheEnd = await statusOf('/sitemap/application-2.xml');
      items = [...items, { id: 2, updatedAt: '2026-11-21T10:00:00.000Z' }];
      time += 1000;
      const appeared = await answer('/sitemap/application-2.xml', options);
      const first = await statusOf('/sitemap/application-1.xml');
      const callsBefore = calls.length;
      time += 60_000;
      await answer('/sitemap/application-1.xml', options);
      const cachedCalls = calls.length - callsBefore;
      time += 10 * 60_000;
      await answer('/sitemap/application-1.xml', options);
      const afterTenMinutes = calls.length - callsBefore;
      return { pastTheEnd, appeared: [appeared.status, appeared.body], first, cachedCalls, afterTenMinutes };
    `);
    expect(result).toEqual({
      pastTheEnd: 404,
      appeared: [200, expect.stringContaining('<loc>https://market.test/application/2</loc>')],
      first: 200,
      // A found page is kept: asked again within ten minutes it costs no API call; after them one.
      cachedCalls: 0,
      afterTenMinutes: 1,
    });
  });
});
