import { PNG } from 'pngjs';
import { projectUnwrapped } from './antimeridian';
import { fillCoverage } from './fill';
import { tileFrame } from './mercator';
import { buildPathSet } from './paths';
import { encodePng } from './png';

const ring = (points: Array<[number, number]>) => Float64Array.from(points.flat());

describe('fillCoverage', () => {
  it('covers a square fully inside, not outside, and partly on its anti-aliased edge', () => {
    // World pixels at zoom 0 are tile pixels of tile 0/0/0.
    const square = buildPathSet([[ring([[10, 10], [20.5, 10], [20.5, 20], [10, 20], [10, 10]])]]);
    const cov = fillCoverage(square, tileFrame(0, 0, 0), 256);
    expect(cov[15 * 256 + 15]).toBe(1);
    expect(cov[15 * 256 + 25]).toBe(0);
    expect(cov[5 * 256 + 15]).toBe(0);
    expect(cov[15 * 256 + 20]).toBeCloseTo(0.5);
  });

  it('leaves a hole empty (even-odd) and fills a ring that reaches past the tile on the left', () => {
    const withHole = buildPathSet([[ring([[0, 0], [100, 0], [100, 100], [0, 100], [0, 0]]), ring([[40, 40], [60, 40], [60, 60], [40, 60], [40, 40]])]]);
    const cov = fillCoverage(withHole, tileFrame(0, 0, 0), 256);
    expect(cov[50 * 256 + 50]).toBe(0);
    expect(cov[20 * 256 + 20]).toBe(1);
    // Tile 2/1/0 spans world x 64…128: the ring's left side (x = 0) lies outside it.
    const right = fillCoverage(withHole, tileFrame(2, 1, 0), 256);
    expect(right[10 * 256 + 100]).toBe(1);
    expect(right[10 * 256 + 200]).toBe(0);
  });
});

describe('projectUnwrapped', () => {
  it('turns a ring across the antimeridian into two closed copies, not an edge around the world', () => {
    // An island from 170° E to 170° W, written as Natural Earth writes it: +180 then −180.
    const island = projectUnwrapped([[170, 10], [180, 10], [-170, 10], [-170, -10], [180, -10], [170, -10], [170, 10]], true);
    expect(island).toHaveLength(2);
    const cov = fillCoverage(buildPathSet([island]), tileFrame(0, 0, 0), 256);
    const row = 128 * 256;
    expect(cov[row + 250]).toBe(1); // 171° E
    expect(cov[row + 3]).toBe(1); // 178° W
    expect(cov[row + 128]).toBe(0); // 0°: the jump did not fill the world
  });

  it('closes a ring around the south pole along the pole', () => {
    const antarctica = projectUnwrapped([[-180, -70], [0, -65], [180, -70], [-180, -70]], true);
    const cov = fillCoverage(buildPathSet([antarctica]), tileFrame(0, 0, 0), 256);
    expect(cov[250 * 256 + 128]).toBe(1);
    expect(cov[128 * 256 + 128]).toBe(0);
  });
});

describe('encodePng', () => {
  it('round-trips through an independent decoder', () => {
    const rgba = new Uint8Array(16 * 8 * 4);
    for (let i = 0; i < 16 * 8; i++) rgba.set([(i * 37) % 256, i % 16 < 8 ? 10 : 200, 99, 255], i * 4);
    const png = PNG.sync.read(encodePng(rgba, 16, 8));
    expect([png.width, png.height]).toEqual([16, 8]);
    expect(Buffer.from(png.data).equals(Buffer.from(rgba))).toBe(true);
  });
});
