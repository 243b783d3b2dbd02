import { act } from '@testing-library/react';
import L from 'leaflet';
import { ok, serveApi, setTestRuntimeConfig } from 'shared/testing';
import { pinIcon } from './icons';
import { removeMapFrame, renderMapFrame } from './testing/real-leaflet-map';

jest.mock('react-leaflet', () => jest.requireActual('./testing/real-leaflet-map'));

/*
 * QA (keyboard): after zooming in on a cluster, Tab went on through the markers outside the map's
 * edges, the focus landing on markers no one could see. Only the markers in view are tab stops.
 */

const KAZAN: L.LatLngTuple = [55.79, 49.11];
const MOSCOW: L.LatLngTuple = [55.7558, 37.6173];

beforeEach(() => {
  setTestRuntimeConfig();
  serveApi({ 'tiles/config': () => ok({ url: 'http://api.test/api/tiles/{z}/{x}/{y}.png', attribution: 'Natural Earth', maxZoom: 12 }) });
});

afterEach(removeMapFrame);

const settle = () => act(async () => {});

test('markers outside the view leave the tab order, and come back as the map moves to them', async () => {
  const map = renderMapFrame({ center: KAZAN, width: 390, height: 400 });
  const kazan = L.marker(KAZAN, { icon: pinIcon, keyboard: true }).addTo(map);
  const moscow = L.marker(MOSCOW, { icon: pinIcon, keyboard: true }).addTo(map);
  // A marker that was never a tab stop (the picker's) does not become one.
  const picker = L.marker(KAZAN, { icon: pinIcon, keyboard: false }).addTo(map);
  await settle();

  expect(kazan.getElement()!.tabIndex).toBe(0);
  expect(moscow.getElement()!.tabIndex).toBe(-1);
  expect(picker.getElement()).not.toHaveAttribute('tabindex');

  act(() => void map.setView(MOSCOW, 10, { animate: false }));
  await settle();
  expect(kazan.getElement()!.tabIndex).toBe(-1);
  expect(moscow.getElement()!.tabIndex).toBe(0);

  // Zoomed out, both in view.
  act(() => void map.setView(KAZAN, 4, { animate: false }));
  await settle();
  expect(kazan.getElement()!.tabIndex).toBe(0);
  expect(moscow.getElement()!.tabIndex).toBe(0);
});
