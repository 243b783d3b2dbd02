import type { TileFrame } from './mercator';
import type { PathSet } from './paths';

export type Rgb = readonly [number, number, number];

/** An opaque RGBA image; colours are blended in by coverage (0…1). */
export class Raster {
  readonly pixels: Uint8Array;

  constructor(
    readonly size: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(size * size * 4);
    for (let i = 0; i < this.pixels.length; i += 4) {
      this.pixels[i] = background[0];
      this.pixels[i + 1] = background[1];
      this.pixels[i + 2] = background[2];
      this.pixels[i + 3] = 255;
    }
  }

  blend(index: number, color: Rgb, alpha: number) {
    if (alpha <= 0) return;
    const a = alpha >= 1 ? 1 : alpha;
    const p = index * 4;
    const px = this.pixels;
    px[p] = px[p]! + (color[0] - px[p]!) * a + 0.5;
    px[p + 1] = px[p + 1]! + (color[1] - px[p + 1]!) * a + 0.5;
    px[p + 2] = px[p + 2]! + (color[2] - px[p + 2]!) * a + 0.5;
  }

  paint(coverage: Float32Array, color: Rgb, opacity = 1) {
    for (let i = 0; i < coverage.length; i++) if (coverage[i]! > 0) this.blend(i, color, coverage[i]! * opacity);
  }

  /** An anti-aliased disc with a halo ring around it (a city). */
  dot(cx: number, cy: number, radius: number, fill: Rgb, halo: Rgb, haloWidth: number) {
    const outer = radius + haloWidth;
    const x0 = Math.max(0, Math.floor(cx - outer - 1));
    const x1 = Math.min(this.size - 1, Math.ceil(cx + outer + 1));
    const y0 = Math.max(0, Math.floor(cy - outer - 1));
    const y1 = Math.min(this.size - 1, Math.ceil(cy + outer + 1));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        const index = y * this.size + x;
        this.blend(index, halo, outer + 0.5 - d);
        this.blend(index, fill, radius + 0.5 - d);
      }
    }
  }
}

/**
 * Anti-aliased strokes of polylines into a coverage buffer. Coverage is the maximum over
 * segments, not a sum, so joints between segments do not darken.
 */
export function strokeCoverage(paths: PathSet, frame: TileFrame, size: number, width: number): Float32Array {
  const coverage = new Float32Array(size * size);
  const half = width / 2;
  const margin = (half + 1) / frame.scale;
  const { coords } = paths;
  const { scale, minX: ox, minY: oy } = frame;
  const inFrame = (b: { minX: number; minY: number; maxX: number; maxY: number }) =>
    b.maxX >= frame.minX - margin && b.minX <= frame.maxX + margin && b.maxY >= frame.minY - margin && b.minY <= frame.maxY + margin;

  for (const group of paths.groups) {
    if (!inFrame(group)) continue;
    for (const chunk of group.chunks) {
      if (!inFrame(chunk)) continue;
      for (let i = chunk.start; i < chunk.end; i++) {
        segment(
          coverage,
          size,
          half,
          (coords[i * 2]! - ox) * scale,
          (coords[i * 2 + 1]! - oy) * scale,
          (coords[i * 2 + 2]! - ox) * scale,
          (coords[i * 2 + 3]! - oy) * scale,
        );
      }
    }
  }
  return coverage;
}

/** Walks the segment along its major axis and scores the few pixels across it by distance. */
function segment(coverage: Float32Array, size: number, half: number, x0: number, y0: number, x1: number, y1: number) {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const lengthSq = dx * dx + dy * dy;
  const reach = Math.ceil(half + 1);
  const steep = Math.abs(dy) > Math.abs(dx);
  const [a0, a1] = steep ? [Math.min(y0, y1), Math.max(y0, y1)] : [Math.min(x0, x1), Math.max(x0, x1)];
  const from = Math.max(0, Math.floor(a0 - half));
  const to = Math.min(size - 1, Math.ceil(a1 + half));
  for (let major = from; major <= to; major++) {
    const m = major + 0.5;
    // Centre of the line across this column (or row), clamped to the segment's extent.
    const across = steep
      ? dy === 0 ? x0 : x0 + ((Math.max(a0, Math.min(a1, m)) - y0) * dx) / dy
      : dx === 0 ? y0 : y0 + ((Math.max(a0, Math.min(a1, m)) - x0) * dy) / dx;
    const c = Math.floor(across);
    for (let minor = Math.max(0, c - reach); minor <= Math.min(size - 1, c + reach); minor++) {
      const px = (steep ? minor : major) + 0.5;
      const py = (steep ? major : minor) + 0.5;
      let t = lengthSq === 0 ? 0 : ((px - x0) * dx + (py - y0) * dy) / lengthSq;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const dist = Math.hypot(px - (x0 + t * dx), py - (y0 + t * dy));
      const value = half + 0.5 - dist;
      if (value <= 0) continue;
      const index = (steep ? major : minor) * size + (steep ? minor : major);
      const v = value > 1 ? 1 : value;
      if (v > coverage[index]!) coverage[index] = v;
    }
  }
}
