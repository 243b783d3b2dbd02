import { clusterItems, toPixels } from './cluster';

const kazan = { id: 1, geoLat: 55.7963, geoLon: 49.1088 };
const kazanEast = { id: 2, geoLat: 55.79, geoLon: 49.2 };
const moscow = { id: 3, geoLat: 55.7558, geoLon: 37.6173 };
const moscowAgain = { id: 4, geoLat: 55.7558, geoLon: 37.6173 };

describe('Map: clusterItems', () => {
  it('merges nearby points at a low zoom and keeps distant ones apart', () => {
    const clusters = clusterItems([kazan, moscow, kazanEast], 5);
    expect(clusters.map((c) => c.items.map((i) => i.id))).toEqual([[1, 2], [3]]);
    const [pair] = clusters;
    expect(pair!.geoLat).toBeCloseTo((kazan.geoLat + kazanEast.geoLat) / 2);
    expect(pair!.geoLon).toBeCloseTo((kazan.geoLon + kazanEast.geoLon) / 2);
  });

  it('splits the same points at a high zoom, but never points at one address', () => {
    const clusters = clusterItems([kazan, kazanEast, moscow, moscowAgain], 12);
    expect(clusters.map((c) => c.items.map((i) => i.id))).toEqual([[1], [2], [3, 4]]);
  });

  it('merges everything in Russia at zoom 0 and nothing across the radius', () => {
    expect(clusterItems([kazan, moscow, kazanEast], 0)).toHaveLength(1);
    // 5.7 km apart at zoom 12 is ~270 px: outside the default 56 px, inside a 300 px radius.
    expect(clusterItems([kazan, kazanEast], 12)).toHaveLength(2);
    expect(clusterItems([kazan, kazanEast], 12, 300)).toHaveLength(1);
  });

  it('keeps keys stable for the same grouping and answers nothing for no items', () => {
    expect(clusterItems([kazan, kazanEast], 5).map((c) => c.key)).toEqual(clusterItems([kazan, kazanEast], 5).map((c) => c.key));
    expect(clusterItems([], 5)).toEqual([]);
  });

  it('projects like Web Mercator: the null island at the world’s centre', () => {
    expect(toPixels(0, 0, 0)).toEqual({ x: 128, y: 128 });
    expect(toPixels(0, 180, 1).x).toBe(512);
  });
});
