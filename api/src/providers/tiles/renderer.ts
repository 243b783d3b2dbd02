import { cityLoader, dotRadius, minPopulation, type CityPoint } from './cities';
import { fillCoverage } from './fill';
import { TILE_SIZE, tileFrame, type TileFrame } from './mercator';
import { encodePng } from './png';
import { Raster, strokeCoverage, type Rgb } from './raster';
import { resolutionForZoom, worldLoader, type WorldLayers, type WorldResolution } from './world';

/** The palette, exported for tests that read pixels back. */
export const TILE_COLORS = {
  sea: [170, 211, 223],
  land: [242, 239, 233],
  border: [156, 132, 176],
  city: [78, 84, 99],
  cityHalo: [255, 255, 255],
} as const satisfies Record<string, Rgb>;

export const TILE_MAX_ZOOM = 12;

export interface TileRenderer {
  /** A 256×256 PNG of tile z/x/y (coordinates already validated). */
  render(z: number, x: number, y: number): Promise<Buffer>;
}

export interface TileRendererOptions {
  /** The gazetteer CSV; the built-in largest cities without it. */
  gazetteerFile?: string;
  onError?: (err: unknown) => void;
  /** Tests may inject world data; by default `world-atlas` is read on first use. */
  loadWorld?: (resolution: WorldResolution) => Promise<WorldLayers>;
}

// World data is the same for every app in the process (tests build several): load it once.
const sharedWorld = worldLoader();

export function createTileRenderer(options: TileRendererOptions = {}): TileRenderer {
  const loadWorld = options.loadWorld ?? sharedWorld;
  const loadCities = cityLoader({ file: options.gazetteerFile, onError: options.onError });
  return {
    async render(z, x, y) {
      const [world, cities] = await Promise.all([loadWorld(resolutionForZoom(z)), loadCities()]);
      return encodePng(drawTile(world, cities, z, tileFrame(z, x, y)).pixels, TILE_SIZE, TILE_SIZE);
    },
  };
}

export function drawTile(world: WorldLayers, cities: readonly CityPoint[], z: number, frame: TileFrame): Raster {
  const raster = new Raster(TILE_SIZE, TILE_COLORS.sea);
  raster.paint(fillCoverage(world.land, frame, TILE_SIZE), TILE_COLORS.land);
  const borderWidth = z < 4 ? 0.8 : z < 7 ? 1.1 : 1.5;
  raster.paint(strokeCoverage(world.borders, frame, TILE_SIZE, borderWidth), TILE_COLORS.border, 0.9);

  const floor = minPopulation(z);
  const margin = 8 / frame.scale;
  for (const city of cities) {
    if (city.population < floor) continue;
    if (city.x < frame.minX - margin || city.x > frame.maxX + margin || city.y < frame.minY - margin || city.y > frame.maxY + margin) continue;
    raster.dot(
      (city.x - frame.minX) * frame.scale,
      (city.y - frame.minY) * frame.scale,
      dotRadius(city.population, z),
      TILE_COLORS.city,
      TILE_COLORS.cityHalo,
      1,
    );
  }
  return raster;
}
