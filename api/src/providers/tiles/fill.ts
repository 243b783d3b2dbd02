import type { TileFrame } from './mercator';
import type { PathSet } from './paths';

/** Sub-scanlines per pixel row: vertical anti-aliasing; spans give horizontal coverage exactly. */
const SUBSAMPLES = 4;

/**
 * Even-odd scanline fill of closed rings into a coverage buffer (0…1 per pixel). Every ring
 * that is entirely off the tile is skipped (it crosses a scanline an even number of times); a
 * chunk entirely to the tile's left is replaced by one edge between its end points, which keeps
 * the parity of every scanline it crosses; chunks above, below or to the right cannot change
 * a pixel of the tile.
 */
export function fillCoverage(paths: PathSet, frame: TileFrame, size: number): Float32Array {
  const coverage = new Float32Array(size * size);
  const rows = size * SUBSAMPLES;
  const crossings: number[][] = Array.from({ length: rows }, () => []);
  const { coords } = paths;
  const { scale, minX: ox, minY: oy } = frame;

  const addEdge = (x0: number, y0: number, x1: number, y1: number) => {
    if (y0 === y1) return;
    const top = Math.min(y0, y1) * SUBSAMPLES - 0.5;
    const bottom = Math.max(y0, y1) * SUBSAMPLES - 0.5;
    const first = Math.max(0, Math.ceil(top));
    const last = Math.min(rows - 1, Math.ceil(bottom) - 1);
    if (first > last) return;
    const slope = (x1 - x0) / (y1 - y0);
    for (let r = first; r <= last; r++) {
      const sy = (r + 0.5) / SUBSAMPLES;
      crossings[r]!.push(x0 + (sy - y0) * slope);
    }
  };

  for (const group of paths.groups) {
    if (group.maxX < frame.minX || group.minX > frame.maxX || group.maxY < frame.minY || group.minY > frame.maxY) continue;
    for (const chunk of group.chunks) {
      if (chunk.minY > frame.maxY || chunk.maxY < frame.minY || chunk.minX > frame.maxX) continue;
      if (chunk.maxX < frame.minX) {
        addEdge(-1, (coords[chunk.start * 2 + 1]! - oy) * scale, -1, (coords[chunk.end * 2 + 1]! - oy) * scale);
        continue;
      }
      let px = (coords[chunk.start * 2]! - ox) * scale;
      let py = (coords[chunk.start * 2 + 1]! - oy) * scale;
      for (let i = chunk.start + 1; i <= chunk.end; i++) {
        const nx = (coords[i * 2]! - ox) * scale;
        const ny = (coords[i * 2 + 1]! - oy) * scale;
        addEdge(px, py, nx, ny);
        px = nx;
        py = ny;
      }
    }
  }

  const weight = 1 / SUBSAMPLES;
  // Whole pixels of a span go into a running sum per pixel row (one pass per row, not per
  // sub-scanline); only the two partial end pixels are added directly.
  const runs = new Float32Array(size + 1);
  for (let row = 0; row < size; row++) {
    let any = false;
    for (let r = row * SUBSAMPLES; r < (row + 1) * SUBSAMPLES; r++) {
      const xs = crossings[r]!;
      if (xs.length === 0) continue;
      any = true;
      xs.sort((a, b) => a - b);
      // An odd count means the closing crossing lies right of the tile (its chunk was skipped).
      for (let k = 0; k < xs.length; k += 2) addSpan(coverage, runs, row * size, size, xs[k]!, xs[k + 1] ?? size, weight);
    }
    if (!any) continue;
    let sum = 0;
    for (let i = 0; i < size; i++) {
      sum += runs[i]!;
      runs[i] = 0;
      const v = coverage[row * size + i]! + sum;
      coverage[row * size + i] = v > 1 ? 1 : v;
    }
    runs[size] = 0;
  }
  return coverage;
}

function addSpan(coverage: Float32Array, runs: Float32Array, row: number, size: number, from: number, to: number, weight: number) {
  const a = Math.max(0, Math.min(size, from));
  const b = Math.max(0, Math.min(size, to));
  if (b <= a) return;
  const ia = Math.floor(a);
  const ib = Math.floor(b);
  if (ia === ib) {
    coverage[row + ia]! += (b - a) * weight;
    return;
  }
  coverage[row + ia]! += (ia + 1 - a) * weight;
  runs[ia + 1]! += weight;
  runs[ib]! -= weight;
  if (ib < size) coverage[row + ib]! += (b - ib) * weight;
}
