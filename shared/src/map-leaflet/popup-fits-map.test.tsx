import { fireEvent, waitFor } from '@testing-library/react';
import L from 'leaflet';
import { ok, serveApi, setTestRuntimeConfig } from 'shared/testing';
import { pinIcon } from './icons';
import { removeMapFrame, renderMapFrame } from './testing/real-leaflet-map';

// A real Leaflet map with its markers and popups. Every map of every remote (the catalogue's, the
// cabinet's facility maps) is a `MapFrame` with markers in it: what holds here holds for each of them.
jest.mock('react-leaflet', () => jest.requireActual('./testing/real-leaflet-map'));

let map: L.Map;

/** Leaflet's frame around a popup's text: the text's margins (20 + 24 px) and the wrapper's padding (1 + 1 px), leaflet.css. */
const POPUP_FRAME = 46;
/** A long name, as the browser lays it out on one line. */
const TEXT_WIDTH = 420;
/** A popup with a two-line name and an address under it. */
const POPUP_HEIGHT = 128;
/** Where the zoom buttons end, at the map's top left (leaflet.css: 10 px margin, two 30 px buttons and their borders). */
const ZOOM_BUTTONS_BOTTOM = 74;

const NAME = 'Загородный дом с баней и гостевым домиком, Омская обл, г Омск, ул Маршала Жукова, д 114';
const PLACE: L.LatLngTuple = [54.98, 73.37];

/** A real map of the given width (the browser's layout stood in for by the sizes it would report), a marker with a popup on it. */
function renderMapOfWidth(width: number, height = 280) {
  map = renderMapFrame({ center: PLACE, width, height });
  const marker = L.marker(PLACE, { icon: pinIcon, title: NAME, keyboard: true }).bindPopup(NAME).addTo(map);
  return marker.getElement()!;
}

/** How wide the open popup is drawn: its text's width (Leaflet sets it) and its frame. */
function popupWidth(): number {
  const content = document.querySelector<HTMLElement>('.leaflet-popup-content');
  expect(content).not.toBeNull();
  return parseFloat(content!.style.width) + POPUP_FRAME;
}

const offsetWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth')!;
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;

beforeEach(() => {
  setTestRuntimeConfig();
  serveApi({ 'tiles/config': () => ok({ url: 'http://api.test/api/tiles/{z}/{x}/{y}.png', attribution: 'Natural Earth', maxZoom: 12 }) });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('leaflet-popup-content') ? TEXT_WIDTH : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('leaflet-popup') ? POPUP_HEIGHT : 0;
    },
  });
});

afterEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', offsetWidth);
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
  removeMapFrame();
});

describe('a marker’s popup, on any map', () => {
  it.each([254, 288, 326])('fits a %i px map (a 320–390 px phone), its «Закрыть» in view', (width) => {
    const pin = renderMapOfWidth(width);

    fireEvent.click(pin);

    expect(document.querySelector('.leaflet-popup')).toHaveTextContent(NAME);
    expect(popupWidth()).toBeLessThanOrEqual(width);
  });

  it('on a desktop map keeps Leaflet’s own width limit (300 px of text)', () => {
    const pin = renderMapOfWidth(864);

    fireEvent.click(pin);

    expect(popupWidth()).toBe(301 + POPUP_FRAME);
  });

  it('that opens under the zoom buttons moves the map down until it is clear of them', async () => {
    // A single place in the middle of a 400 px map: its popup rises to the buttons.
    const pin = renderMapOfWidth(288, 400);

    fireEvent.click(pin);

    // The popup's top: above its marker's point by the pin (34 px) less Leaflet's offset (7 px), and its height.
    const popupTop = () => map.latLngToContainerPoint(PLACE).y - 34 + 7 - POPUP_HEIGHT;
    await waitFor(() => expect(popupTop()).toBeGreaterThanOrEqual(ZOOM_BUTTONS_BOTTOM));
  });
});
