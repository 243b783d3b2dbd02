import { feature, mesh } from 'topojson-client';
import { projectUnwrapped } from './antimeridian';
import { buildPathSet, type PathSet } from './paths';

/** Natural Earth (public domain) admin-0 countries, redistributed as TopoJSON by `world-atlas`. */
export type WorldResolution = '110m' | '50m' | '10m';

export interface WorldLayers {
  /** Land: every country merged (the topology's `land` object), filled even-odd. */
  land: PathSet;
  /** Borders between countries: arcs shared by two different countries (coasts excluded). */
  borders: PathSet;
}

/** Coarser data where a pixel spans kilometres: fewer edges per tile at the same look. */
export function resolutionForZoom(z: number): WorldResolution {
  if (z <= 2) return '110m';
  if (z <= 5) return '50m';
  return '10m';
}

type Topology = Parameters<typeof mesh>[0];
type Position = readonly [number, number];

async function loadTopology(resolution: WorldResolution): Promise<Topology> {
  // A computed specifier: TypeScript need not type 3.6 MB of JSON, and esbuild leaves the
  // package external (installed beside the bundle) instead of inlining it.
  const specifier = `world-atlas/countries-${resolution}.json`;
  const mod = (await import(specifier, { with: { type: 'json' } })) as { default?: Topology } & Topology;
  return mod.default ?? mod;
}

export function buildWorldLayers(topology: Topology): WorldLayers {
  const objects = topology.objects as Record<string, Parameters<typeof mesh>[1]>;
  const landFeatures = feature(topology, objects.land!) as unknown as { features?: GeoFeature[] } & GeoFeature;
  const polygons: Position[][][] = [];
  for (const f of landFeatures.features ?? [landFeatures]) {
    const g = f.geometry;
    if (g?.type === 'Polygon') polygons.push(g.coordinates as Position[][]);
    else if (g?.type === 'MultiPolygon') polygons.push(...(g.coordinates as Position[][][]));
  }
  const borderLines = mesh(topology, objects.countries!, (a, b) => a !== b).coordinates as unknown as Position[][];
  return {
    land: buildPathSet(polygons.map((rings) => rings.flatMap((ring) => projectUnwrapped(ring, true)))),
    // Each line its own group: a group's box then stays as small as the line.
    borders: buildPathSet(borderLines.map((line) => projectUnwrapped(line, false))),
  };
}

interface GeoFeature {
  geometry: { type: string; coordinates: unknown } | null;
}

/** Loads each resolution once, on first use; a failed load is retried by the next caller. */
export function worldLoader(load: (resolution: WorldResolution) => Promise<Topology> = loadTopology) {
  const cache = new Map<WorldResolution, Promise<WorldLayers>>();
  return (resolution: WorldResolution): Promise<WorldLayers> => {
    let layers = cache.get(resolution);
    if (!layers) {
      layers = load(resolution).then(buildWorldLayers);
      cache.set(resolution, layers);
      layers.catch(() => cache.delete(resolution));
    }
    return layers;
  };
}
