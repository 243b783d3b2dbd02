import { fireEvent, screen, waitFor } from '@testing-library/react';
import L from 'leaflet';
import { ok, serveApi, setTestRuntimeConfig } from 'shared/testing';
import { itemMarkerHandlers } from './cluster-markers';
import { pinIcon } from './icons';
import { removeMapFrame, renderMapFrame } from './testing/real-leaflet-map';

// A real Leaflet map with its markers, popups, zoom buttons and DOM events.
jest.mock('react-leaflet', () => jest.requireActual('./testing/real-leaflet-map'));

let map: L.Map;

const LINKED = 'Квартира на Баумана';
const NAMED = 'Казань, ул. Баумана, д. 1';

/** A marker whose popup react-leaflet would draw: its children come into the popup after it opens. */
function markerWithPopup(title: string, latLng: L.LatLngTuple, children: () => Node) {
  const popup = L.popup();
  const marker = L.marker(latLng, { icon: pinIcon, title, keyboard: true }).bindPopup(popup).addTo(map);
  marker.once('popupopen', () => queueMicrotask(() => popup.getElement()!.querySelector('.leaflet-popup-content')!.append(children())));
  return marker.getElement()!;
}

function renderMap() {
  map = renderMapFrame();
  const link = Object.assign(document.createElement('a'), { href: '/lk/facility/5', textContent: LINKED });
  return { linked: markerWithPopup(LINKED, [55.79, 49.11], () => link), named: markerWithPopup(NAMED, [55.8, 49.2], () => document.createTextNode(NAMED)) };
}

const popup = () => document.querySelector('.leaflet-popup');

/** The popup is gone, and the focus is back on its marker. */
function expectClosedBackOn(pin: HTMLElement) {
  expect(popup()).not.toBeInTheDocument();
  expect(pin).toHaveFocus();
}

/** Enter on a focused marker, as a browser sends it: Leaflet opens the popup on the keypress. */
function pressEnter(element: HTMLElement) {
  element.focus();
  fireEvent.keyDown(element, { key: 'Enter', keyCode: 13 });
  fireEvent.keyPress(element, { key: 'Enter', keyCode: 13, charCode: 13 });
}

/** A click, which focuses the marker as Chrome does (it has a tabindex). */
function click(element: HTMLElement) {
  fireEvent.pointerDown(element);
  element.focus();
  fireEvent.click(element);
}

beforeEach(() => {
  setTestRuntimeConfig();
  serveApi({ 'tiles/config': () => ok({ url: 'http://api.test/api/tiles/{z}/{x}/{y}.png', attribution: 'Natural Earth', maxZoom: 12 }) });
});

afterEach(removeMapFrame);

describe('a marker’s popup from the keyboard', () => {
  it('takes the focus when Enter opens it; Escape inside closes it and gives the focus back to the marker', async () => {
    const pin = renderMap().linked;

    pressEnter(pin);
    const link = await screen.findByRole('link', { name: LINKED });
    await waitFor(() => expect(link).toHaveFocus());

    fireEvent.keyDown(link, { key: 'Escape' });
    expectClosedBackOn(pin);

    // Opened again, with its content drawn already.
    pressEnter(pin);
    expect(link).toHaveFocus();
  });

  it('closes on Escape while the focus is on its marker', async () => {
    const pin = renderMap().linked;
    click(pin);
    await screen.findByRole('link', { name: LINKED });

    fireEvent.keyDown(pin, { key: 'Escape' });
    expectClosedBackOn(pin);
  });

  it('without a link, puts the focus on its close button «Закрыть», which gives it back to the marker', async () => {
    const pin = renderMap().named;

    pressEnter(pin);
    const close = screen.getByRole('button', { name: 'Закрыть' });
    await waitFor(() => expect(close).toHaveFocus());

    fireEvent.click(close);
    expectClosedBackOn(pin);
  });

  it('leaves the focus on the marker when a click opens it', async () => {
    const pin = renderMap().linked;

    click(pin);
    await screen.findByRole('link', { name: LINKED });
    expect(pin).toHaveFocus();
  });
});

describe('an open popup, as the keyboard moves on', () => {
  it('closes when Tab takes the focus out of it (to the zoom buttons), and the focus stays where Tab put it', async () => {
    const pin = renderMap().linked;
    pressEnter(pin);
    const link = await screen.findByRole('link', { name: LINKED });
    await waitFor(() => expect(link).toHaveFocus());

    const zoomIn = screen.getByRole('button', { name: 'Приблизить' });
    zoomIn.focus();

    expect(popup()).not.toBeInTheDocument();
    expect(zoomIn).toHaveFocus();
  });

  it('closes when Shift+Tab goes from it to another marker', async () => {
    const { linked, named } = renderMap();
    pressEnter(linked);
    const link = await screen.findByRole('link', { name: LINKED });
    await waitFor(() => expect(link).toHaveFocus());

    named.focus();

    expect(popup()).not.toBeInTheDocument();
    expect(named).toHaveFocus();
  });

  it('stays open while the focus goes between it and its marker', async () => {
    const pin = renderMap().linked;
    click(pin);
    const link = await screen.findByRole('link', { name: LINKED });

    link.focus();
    expect(popup()).toBeInTheDocument();
    pin.focus();
    expect(popup()).toBeInTheDocument();
  });

  it('stays open when a click on its text puts the focus on the map around it', async () => {
    const pin = renderMap().linked;
    click(pin);
    await screen.findByRole('link', { name: LINKED });

    fireEvent.pointerDown(popup()!);
    map.getContainer().focus();

    expect(popup()).toBeInTheDocument();
  });

  it('closes on Escape from the zoom buttons, and the focus goes back to its marker', async () => {
    const pin = renderMap().linked;
    click(pin);
    await screen.findByRole('link', { name: LINKED });
    // A pointer user who opened the popup, then went to the buttons with the keyboard: the popup stays while the pointer put the focus elsewhere.
    const zoomIn = screen.getByRole('button', { name: 'Приблизить' });
    fireEvent.pointerDown(zoomIn);
    zoomIn.focus();
    expect(popup()).toBeInTheDocument();

    fireEvent.keyDown(zoomIn, { key: 'Escape' });

    expectClosedBackOn(pin);
  });

  it('closes on Escape on the map itself, and the focus goes back to its marker', async () => {
    const pin = renderMap().linked;
    click(pin);
    await screen.findByRole('link', { name: LINKED });
    fireEvent.pointerDown(map.getContainer());
    map.getContainer().focus();

    fireEvent.keyDown(map.getContainer(), { key: 'Escape' });

    expectClosedBackOn(pin);
  });
});

test("Space on a single item's marker opens its popup as Enter does, instead of scrolling the page", async () => {
  map = renderMapFrame();
  const marker = L.marker([55.79, 49.11], { icon: pinIcon, title: LINKED, keyboard: true }).bindPopup(L.popup().setContent(LINKED)).addTo(map);
  marker.on(itemMarkerHandlers);
  const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
  marker.getElement()!.dispatchEvent(space);
  await waitFor(() => expect(popup()).toBeInTheDocument());
  expect(space.defaultPrevented).toBe(true);
});
