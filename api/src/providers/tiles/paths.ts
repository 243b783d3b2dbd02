/**
 * Projected polylines kept in one coordinate array and cut into short chunks with bounding
 * boxes, so a tile touches only the chunks near it: a country as large as Russia costs a
 * tile over Moscow a few dozen chunks, not its whole outline.
 */
export interface Chunk {
  /** First and last point index (inclusive); consecutive chunks share their end point. */
  start: number;
  end: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface PathGroup {
  /** One polygon with its holes, or one line. */
  chunks: Chunk[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface PathSet {
  /** x0, y0, x1, y1, … in zoom-0 world pixels. */
  coords: Float64Array;
  groups: PathGroup[];
}

const CHUNK_POINTS = 32;

/** Groups of projected lines (flat x, y arrays) into one chunked set. */
export function buildPathSet(groups: ReadonlyArray<ReadonlyArray<Float64Array>>): PathSet {
  const total = groups.reduce((n, lines) => n + lines.reduce((m, line) => m + line.length, 0), 0);
  const coords = new Float64Array(total);
  const out: PathGroup[] = [];
  let point = 0;
  for (const lines of groups) {
    const group: PathGroup = { chunks: [], minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    for (const line of lines) {
      if (line.length < 4) continue;
      const first = point;
      coords.set(line, point * 2);
      point += line.length / 2;
      for (let start = first; start < point - 1; start += CHUNK_POINTS) {
        const end = Math.min(start + CHUNK_POINTS, point - 1);
        const chunk: Chunk = { start, end, minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
        for (let i = start; i <= end; i++) {
          const x = coords[i * 2]!;
          const y = coords[i * 2 + 1]!;
          if (x < chunk.minX) chunk.minX = x;
          if (x > chunk.maxX) chunk.maxX = x;
          if (y < chunk.minY) chunk.minY = y;
          if (y > chunk.maxY) chunk.maxY = y;
        }
        group.chunks.push(chunk);
        group.minX = Math.min(group.minX, chunk.minX);
        group.minY = Math.min(group.minY, chunk.minY);
        group.maxX = Math.max(group.maxX, chunk.maxX);
        group.maxY = Math.max(group.maxY, chunk.maxY);
      }
    }
    if (group.chunks.length > 0) out.push(group);
  }
  return { coords: coords.subarray(0, point * 2), groups: out };
}
