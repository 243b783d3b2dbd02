import { readFile } from 'node:fs/promises';
import { builtInCities } from '../address/built-in-cities';
import { entriesFromCsv } from '../address/gazetteer';
import { projectLat, projectLon } from './mercator';

/** A city in zoom-0 world pixels. */
export interface CityPoint {
  x: number;
  y: number;
  population: number;
}

/** Smallest town drawn at each zoom (index = z, the last value holds for deeper zooms). */
const MIN_POPULATION = [1_000_000, 1_000_000, 1_000_000, 500_000, 250_000, 100_000, 50_000, 20_000, 0];

export function minPopulation(z: number): number {
  return MIN_POPULATION[Math.min(z, MIN_POPULATION.length - 1)]!;
}

/** Dot radius in pixels: larger cities and deeper zooms draw larger dots. */
export function dotRadius(population: number, z: number): number {
  const bySize = population >= 1_000_000 ? 3.6 : population >= 500_000 ? 3 : population >= 100_000 ? 2.4 : population >= 50_000 ? 2 : 1.6;
  // A whole continent per tile at zooms 0–3: smaller dots, or Russia's cities merge into a blot.
  if (z <= 3) return bySize * (z <= 1 ? 0.5 : 0.7);
  return bySize + Math.min(2.4, Math.max(0, z - 5) * 0.4);
}

function toPoints(entries: ReadonlyArray<{ lat: number | null; lon: number | null; population: number }>): CityPoint[] {
  return entries
    .filter((e) => e.lat !== null && e.lon !== null)
    .map((e) => ({ x: projectLon(e.lon!), y: projectLat(e.lat!), population: e.population }))
    // Small first, so that a large city's dot is drawn over its suburbs.
    .sort((a, b) => a.population - b.population);
}

/**
 * Cities of the gazetteer CSV (ADDRESS_GAZETTEER, read in place once), or the built-in
 * largest cities when none is configured or the file cannot be read (the error is reported).
 */
export function cityLoader(options: { file?: string; onError?: (err: unknown) => void }): () => Promise<CityPoint[]> {
  let loading: Promise<CityPoint[]> | undefined;
  return () => {
    loading ??= (async () => {
      if (!options.file) return toPoints(builtInCities);
      try {
        return toPoints(entriesFromCsv(await readFile(options.file, 'utf8')));
      } catch (err) {
        options.onError?.(err);
        return toPoints(builtInCities);
      }
    })();
    return loading;
  };
}
