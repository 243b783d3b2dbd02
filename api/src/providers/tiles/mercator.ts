/** Web Mercator (EPSG:3857) in "world pixels": the whole world is 256×256 at zoom 0. */
export const TILE_SIZE = 256;
export const MAX_LATITUDE = 85.0511287798066;

export function projectLon(lon: number): number {
  return ((lon + 180) / 360) * TILE_SIZE;
}

export function projectLat(lat: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * TILE_SIZE;
}

/** A tile's square in zoom-0 world pixels, and the scale that maps them onto the tile's 256 pixels. */
export interface TileFrame {
  scale: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function tileFrame(z: number, x: number, y: number): TileFrame {
  const scale = 2 ** z;
  const size = TILE_SIZE / scale;
  return { scale, minX: x * size, minY: y * size, maxX: (x + 1) * size, maxY: (y + 1) * size };
}
