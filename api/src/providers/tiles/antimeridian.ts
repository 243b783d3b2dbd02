import { projectLat, projectLon, TILE_SIZE } from './mercator';

type Position = ArrayLike<number>;

/**
 * Projects a line of [lon, lat] into flat world-pixel arrays. Natural Earth's rings around
 * Chukotka, Fiji or Antarctica jump from +180° to −180°: drawn as they are, that jump is an
 * edge across the whole world. So longitudes are unwrapped into one continuous run (past
 * ±180° where needed), a ring that circles a pole is closed along that pole, and a copy
 * shifted by a world's width covers the part that ran off the other side.
 */
export function projectUnwrapped(line: readonly Position[], closed: boolean): Float64Array[] {
  const n = line.length;
  if (n === 0) return [];
  const lons = new Float64Array(n);
  let shift = 0;
  let prev = line[0]![0]!;
  let minLon = prev;
  let maxLon = prev;
  let latSum = 0;
  for (let i = 0; i < n; i++) {
    let lon = line[i]![0]! + shift;
    if (lon - prev > 180) shift -= 360;
    else if (lon - prev < -180) shift += 360;
    lon = line[i]![0]! + shift;
    lons[i] = lon;
    prev = lon;
    if (lon < minLon) minLon = lon;
    if (lon > maxLon) maxLon = lon;
    latSum += line[i]![1]!;
  }
  const aroundPole = closed && Math.abs(lons[n - 1]! - lons[0]!) > 180;
  const out = new Float64Array((n + (aroundPole ? 3 : 0)) * 2);
  for (let i = 0; i < n; i++) {
    out[i * 2] = projectLon(lons[i]!);
    out[i * 2 + 1] = projectLat(line[i]![1]!);
  }
  if (aroundPole) {
    const poleY = projectLat(latSum < 0 ? -90 : 90);
    out[n * 2] = projectLon(lons[n - 1]!);
    out[n * 2 + 1] = poleY;
    out[n * 2 + 2] = projectLon(lons[0]!);
    out[n * 2 + 3] = poleY;
    out[n * 2 + 4] = out[0]!;
    out[n * 2 + 5] = out[1]!;
  }
  const lines = [out];
  for (const k of [-1, 1]) {
    if (maxLon + k * 360 > -180 && minLon + k * 360 < 180) {
      const copy = out.slice();
      for (let i = 0; i < copy.length; i += 2) copy[i] = copy[i]! + k * TILE_SIZE;
      lines.push(copy);
    }
  }
  return lines;
}
