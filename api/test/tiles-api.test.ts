import { PNG } from 'pngjs';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { TILE_COLORS } from '../src/providers/tiles';
import { fixtureCities, writeFixtureGazetteer } from './fixtures/gazetteer';
import { getJson, setupTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});
afterAll(() => ctx.close());

/** Where a place falls in its tile at zoom z: Web Mercator written out independently of the renderer. */
function locate(lat: number, lon: number, z: number) {
  const n = 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  const wx = ((lon + 180) / 360) * n;
  const wy = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n;
  return { x: Math.floor(wx), y: Math.floor(wy), px: Math.floor((wx % 1) * 256), py: Math.floor((wy % 1) * 256) };
}

async function fetchTile(url: string, app = ctx.app) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return { res, png: PNG.sync.read(res.rawPayload) };
}

const pixel = (png: PNG, x: number, y: number) => {
  const i = (y * png.width + x) * 4;
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
};

function colours(png: PNG): Set<string> {
  const seen = new Set<string>();
  for (let i = 0; i < png.data.length; i += 4) seen.add(`${png.data[i]},${png.data[i + 1]},${png.data[i + 2]}`);
  return seen;
}
const key = (c: readonly number[]) => c.join(',');

describe('GET /api/tiles/{z}/{x}/{y}.png', () => {
  it('answers a 256×256 PNG', async () => {
    const { res } = await fetchTile('/api/tiles/0/0/0.png');
    expect(res.headers['content-type']).toBe('image/png');
    const body = res.rawPayload;
    expect(body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(body.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(body.readUInt32BE(16)).toBe(256);
    expect(body.readUInt32BE(20)).toBe(256);
    expect(body[24]).toBe(8);
  });

  it('draws the Gulf of Finland as sea, the land around it, and St Petersburg as a dot', async () => {
    const spb = locate(59.9391, 30.3159, 5);
    const { png } = await fetchTile(`/api/tiles/5/${spb.x}/${spb.y}.png`);
    const seen = colours(png);
    expect(seen.has(key(TILE_COLORS.sea))).toBe(true);
    expect(seen.has(key(TILE_COLORS.land))).toBe(true);
    expect(pixel(png, spb.px, spb.py)).toEqual([...TILE_COLORS.city]);
    // Open water in the gulf west of the city, land well south-east of it.
    expect(pixel(png, spb.px - 60, spb.py + 5)).toEqual([...TILE_COLORS.sea]);
    expect(pixel(png, 230, 230)).toEqual([...TILE_COLORS.land]);
  });

  it('puts Moscow where Web Mercator says, on land', async () => {
    const moscow = locate(55.7558, 37.6173, 5);
    const { png } = await fetchTile(`/api/tiles/5/${moscow.x}/${moscow.y}.png`);
    expect(pixel(png, moscow.px, moscow.py)).toEqual([...TILE_COLORS.city]);
    expect(pixel(png, moscow.px + 40, moscow.py + 40)).toEqual([...TILE_COLORS.land]);
    expect(colours(png).has(key(TILE_COLORS.sea))).toBe(false);
  });

  it('draws open sea as nothing but sea', async () => {
    // South Atlantic, 34°–22° W, 32°–41° S: no island in it.
    const { png } = await fetchTile('/api/tiles/5/13/19.png');
    expect([...colours(png)]).toEqual([key(TILE_COLORS.sea)]);
  });

  it('draws the gazetteer’s smaller cities when one is configured', async () => {
    // An invented town of 144 000 people, far from every built-in city.
    const town = fixtureCities[0]!;
    const at = locate(town.lat, town.lon, 5);
    const url = `/api/tiles/5/${at.x}/${at.y}.png`;
    const without = await fetchTile(url);
    expect(pixel(without.png, at.px, at.py)).not.toEqual([...TILE_COLORS.city]);
    const app = await buildApp({ config: testConfig({ addressGazetteer: writeFixtureGazetteer() }), db: ctx.db, logger: false });
    try {
      const withFile = await fetchTile(url, app);
      expect(pixel(withFile.png, at.px, at.py)).toEqual([...TILE_COLORS.city]);
    } finally {
      await app.close();
    }
  });

  it('falls back to the built-in cities when the gazetteer cannot be read', async () => {
    const app = await buildApp({ config: testConfig({ addressGazetteer: '/nonexistent/city.csv' }), db: ctx.db, logger: false });
    try {
      const moscow = locate(55.7558, 37.6173, 5);
      const { png } = await fetchTile(`/api/tiles/5/${moscow.x}/${moscow.y}.png`, app);
      expect(pixel(png, moscow.px, moscow.py)).toEqual([...TILE_COLORS.city]);
    } finally {
      await app.close();
    }
  });

  it.each([
    ['zoom beyond 12', '/api/tiles/13/0/0.png'],
    ['x outside the grid', '/api/tiles/2/4/0.png'],
    ['y outside the grid', '/api/tiles/0/0/1.png'],
    ['a negative number', '/api/tiles/3/-1/0.png'],
    ['not a number', '/api/tiles/z/0/0.png'],
    ['another extension', '/api/tiles/1/0/0.jpg'],
  ])('refuses %s with 422', async (_name, url) => {
    const res = await getJson(ctx.app, url);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'Некорректные координаты тайла', code: 'validation' });
  });

  it('is cacheable for a day, with an ETag that answers 304', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/tiles/3/4/2.png' });
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await ctx.app.inject({ method: 'GET', url: '/api/tiles/3/4/2.png' });
    expect(again.headers.etag).toBe(etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const revalidated = await ctx.app.inject({ method: 'GET', url: '/api/tiles/3/4/2.png', headers: { 'if-none-match': `W/${etag}` } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['cache-control']).toBe('public, max-age=86400');

    const stale = await ctx.app.inject({ method: 'GET', url: '/api/tiles/3/4/2.png', headers: { 'if-none-match': '"something-else"' } });
    expect(stale.statusCode).toBe(200);
    const other = await ctx.app.inject({ method: 'GET', url: '/api/tiles/3/4/3.png' });
    expect(other.headers.etag).not.toBe(etag);
  });
});

describe('GET /api/tiles/config', () => {
  it('points at the API’s own tiles on the caller’s origin when MAP_TILE_URL is not set', async () => {
    const res = await getJson(ctx.app, '/api/tiles/config', { host: 'api.example.ru:8080' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { url: 'http://api.example.ru:8080/api/tiles/{z}/{x}/{y}.png', attribution: 'Natural Earth, Города России (CC BY-SA 4.0)', maxZoom: 12 },
    });
  });

  it('answers the configured template with a credit line', async () => {
    const osm = await buildApp({ config: testConfig({ mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' }), db: ctx.db, logger: false });
    const other = await buildApp({ config: testConfig({ mapTileUrl: 'https://tiles.example.com/v1/{z}/{x}/{y}.png?key=abc' }), db: ctx.db, logger: false });
    try {
      expect((await getJson(osm, '/api/tiles/config')).body.data).toEqual({
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© участники OpenStreetMap',
        maxZoom: 19,
      });
      expect((await getJson(other, '/api/tiles/config')).body.data).toEqual({
        url: 'https://tiles.example.com/v1/{z}/{x}/{y}.png?key=abc',
        attribution: 'tiles.example.com',
        maxZoom: 18,
      });
    } finally {
      await osm.close();
      await other.close();
    }
  });
});
