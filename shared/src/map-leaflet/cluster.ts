/** Distance-based marker clustering in screen pixels, recomputed per zoom level. */
export interface ClusterPoint {
  id: number | string;
  geoLat: number;
  geoLon: number;
}

export interface Cluster<T extends ClusterPoint> {
  /** Stable while the same items stay together: the first item's id and the count. */
  key: string;
  geoLat: number;
  geoLon: number;
  items: T[];
}

/** Web Mercator world pixels at a zoom (the world is 256·2^zoom pixels wide), as Leaflet places markers. */
export function toPixels(geoLat: number, geoLon: number, zoom: number): { x: number; y: number } {
  const scale = 256 * 2 ** zoom;
  const lat = Math.max(-85.05112878, Math.min(85.05112878, geoLat));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((geoLon + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

export const CLUSTER_RADIUS = 56;

/**
 * Greedy clustering: in input order, an item not yet taken starts a cluster and takes every
 * free item within `radius` pixels of it at this zoom. A grid of radius-sized cells keeps
 * the neighbour search to nine cells, so it is linear in the number of items. A cluster stands
 * at the mean of its items.
 */
export function clusterItems<T extends ClusterPoint>(items: readonly T[], zoom: number, radius = CLUSTER_RADIUS): Cluster<T>[] {
  const points = items.map((item, index) => ({ item, index, ...toPixels(item.geoLat, item.geoLon, zoom), taken: false }));
  const grid = new Map<string, typeof points>();
  const cellOf = (x: number, y: number) => [Math.floor(x / radius), Math.floor(y / radius)] as const;
  for (const p of points) {
    const [cx, cy] = cellOf(p.x, p.y);
    const key = `${cx}:${cy}`;
    const cell = grid.get(key);
    if (cell) cell.push(p);
    else grid.set(key, [p]);
  }

  const clusters: Cluster<T>[] = [];
  const radiusSq = radius * radius;
  for (const seed of points) {
    if (seed.taken) continue;
    seed.taken = true;
    const members = [seed];
    const [cx, cy] = cellOf(seed.x, seed.y);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const p of grid.get(`${cx + dx}:${cy + dy}`) ?? []) {
          if (p.taken) continue;
          if ((p.x - seed.x) ** 2 + (p.y - seed.y) ** 2 <= radiusSq) {
            p.taken = true;
            members.push(p);
          }
        }
      }
    }
    // Keep the caller's order inside a cluster (the grid visits cells, not input order).
    const ordered = members.sort((a, b) => a.index - b.index).map((m) => m.item);
    clusters.push({
      key: `${String(seed.item.id)}:${ordered.length}`,
      geoLat: ordered.reduce((s, i) => s + i.geoLat, 0) / ordered.length,
      geoLon: ordered.reduce((s, i) => s + i.geoLon, 0) / ordered.length,
      items: ordered,
    });
  }
  return clusters;
}
