import { createHash } from 'node:crypto';
import type { MapTileConfig } from 'shared/contract';
import { AppError } from '../../http/errors';
import { LruCache } from '../../lib/lru-cache';
import { TILE_MAX_ZOOM, type TileRenderer } from '../../providers/tiles';

export const INVALID_TILE_MESSAGE = 'Некорректные координаты тайла';
export const OWN_TILES_ATTRIBUTION = 'Natural Earth, Города России (CC BY-SA 4.0)';
const OSM_ATTRIBUTION = '© участники OpenStreetMap';

export interface Tile {
  png: Buffer;
  etag: string;
  byteLength: number;
}

export interface TileCoords {
  z: number;
  x: number;
  y: number;
}

const invalidTile = () => new AppError(422, 'validation', INVALID_TILE_MESSAGE);

/** `z`, `x` and `y.png` as they stand in the path; x and y must lie inside the zoom's grid. */
export function parseTileCoords(z: string, x: string, yPng: string): TileCoords {
  const yMatch = /^(\d{1,5})\.png$/.exec(yPng);
  if (!/^\d{1,2}$/.test(z) || !/^\d{1,5}$/.test(x) || !yMatch) throw invalidTile();
  const coords = { z: Number(z), x: Number(x), y: Number(yMatch[1]) };
  const side = 2 ** coords.z;
  if (coords.z > TILE_MAX_ZOOM || coords.x >= side || coords.y >= side) throw invalidTile();
  return coords;
}

/** Credit for a third-party template: OpenStreetMap's wording, or the tile server's host. */
export function attributionFor(template: string): string {
  if (/openstreetmap/i.test(template)) return OSM_ATTRIBUTION;
  return /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i.exec(template)?.[1] ?? template;
}

export function tileService(deps: { renderer: TileRenderer; mapTileUrl: string | null; cache?: LruCache<Tile> }) {
  // ~2,000 tiles or 64 MB: a country-wide browse at a few zooms, a small share of the process.
  const cache = deps.cache ?? new LruCache<Tile>(2000, 64 * 1024 * 1024);
  const rendering = new Map<string, Promise<Tile>>();

  return {
    /** Renders once per tile and process; concurrent requests for one tile share the render. */
    async tile({ z, x, y }: TileCoords): Promise<Tile> {
      const key = `${z}/${x}/${y}`;
      const cached = cache.get(key);
      if (cached) return cached;
      let pending = rendering.get(key);
      if (!pending) {
        pending = deps.renderer
          .render(z, x, y)
          .then((png) => {
            const tile = { png, etag: `"${createHash('sha1').update(png).digest('base64url').slice(0, 20)}"`, byteLength: png.byteLength };
            cache.set(key, tile);
            return tile;
          })
          .finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      return pending;
    },

    /** MAP_TILE_URL when configured; otherwise this API's own tiles on the caller's origin. */
    config(origin: string): MapTileConfig {
      if (deps.mapTileUrl) {
        return { url: deps.mapTileUrl, attribution: attributionFor(deps.mapTileUrl), maxZoom: /openstreetmap/i.test(deps.mapTileUrl) ? 19 : 18 };
      }
      return { url: `${origin}/api/tiles/{z}/{x}/{y}.png`, attribution: OWN_TILES_ATTRIBUTION, maxZoom: TILE_MAX_ZOOM };
    },
  };
}

/** If-None-Match holds this ETag (or `*`): weak and strong forms compare equal for a GET. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
