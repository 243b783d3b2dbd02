import { declarations, readCss } from '../testing/css-rules';

/*
 * jsdom lays nothing out: what a layout rule does is checked on the stylesheet's text (the
 * browser's result is in the report of the change that wrote it).
 *
 * QA (s60-map): the «Leaflet» link in the map's attribution, bottom right of every map, was a
 * target 19 px high (scripted Chromium, 320/390 px and desktop), under the 24 px minimum.
 */

const css = readCss(__dirname, 'map-leaflet.css');
const declarationsOf = (selector: string) => declarations(css, selector);

test('the attribution’s links («Leaflet») are targets 24 px high, the strip they stand in as high', () => {
  expect(declarationsOf('.ui-map .leaflet-control-attribution')['line-height']).toBe('24px');
  expect(declarationsOf('.ui-map .leaflet-control-attribution a').display).toBe('inline-block');
});

/*
 * QA (s60-map): «Подложка карты недоступна» stood at the bottom left over the attribution strip,
 * which runs across the map's whole width on a phone (two lines at 320 px) and most of it on a
 * desktop: the note covered «Leaflet» and the tile source's name (scripted Chromium, tiles blocked).
 */
test('the note «Подложка карты недоступна» stands at the top right, clear of the attribution and the zoom buttons, under the markers and an open popup', () => {
  const note = declarationsOf('.ui-map-note');
  expect(note.top).toBeDefined();
  expect(note.right).toBeDefined();
  expect(note.bottom).toBeUndefined();
  expect(note.left).toBeUndefined();
  // Leaflet's zoom buttons end 44 px from the map's left edge (a 10 px margin, 30 px and their borders).
  expect(note['max-width']).toBe('calc(100% - 60px)');
  // Above the map's grey, under Leaflet's map pane (400: the markers and their popups, drawn over it).
  expect(Number(note['z-index'])).toBeGreaterThan(0);
  expect(Number(note['z-index'])).toBeLessThan(400);
});

/* QA (phone deal): Leaflet's «+» and «−» were 30 px squares on a phone, where the facility's point is placed with a finger. */
test('on a touch screen the zoom buttons are 44 px targets, and the note leaves them their column', () => {
  const zoom = declarations(css, '.ui-map .leaflet-control-zoom.leaflet-bar a', '(pointer: coarse)');
  expect([zoom.width, zoom.height, zoom['line-height']]).toEqual(['var(--tap-target)', 'var(--tap-target)', 'var(--tap-target)']);
  // 10 px margin, 44 px and two borders, and a gap.
  expect(declarations(css, '.ui-map-note', '(pointer: coarse)')['max-width']).toBe('calc(100% - 74px)');
});

/* QA K-1: the focused map's ring was an outline inside its edge, painted over by Leaflet's panes: invisible to a keyboard user. */
test("the focused map's ring stands over Leaflet's panes and controls (z-index up to 1000), and takes no click", () => {
  const ring = declarationsOf('.ui-map:focus-visible::after');
  expect(ring.border).toBe('3px solid var(--color-focus)');
  expect(ring.inset).toBe('0');
  expect(Number(ring['z-index'])).toBeGreaterThan(1000);
  expect(ring['pointer-events']).toBe('none');
});

/* QA NN-7: Leaflet's attribution strip is 80 % white: the tiles' city points showed through «Leaflet | Natural Earth…». */
test('the attribution stands on an opaque ground', () => {
  expect(declarationsOf('.ui-map .leaflet-control-attribution').background).toBe('var(--color-bg)');
});
