import { act, fireEvent, screen } from '@testing-library/react';
import { COARSE_POINTER } from 'shared';
import { ok, serveApi, setTestRuntimeConfig } from 'shared/testing';
import { removeMapFrame, renderMapFrame } from './testing/real-leaflet-map';
import { HINT_MS, TWO_FINGERS_HINT } from './touch-gestures';

jest.mock('react-leaflet', () => jest.requireActual('./testing/real-leaflet-map'));

/*
 * QA (phone, 390×800, touch): the map takes half the screen, and a one-finger swipe over it moved the
 * map (to India) instead of scrolling the page. jsdom has no gestures of its own: what is checked is
 * Leaflet's state that the browser's touch handling follows — its `dragging` handler off leaves the
 * container `touch-action: pan-x pan-y` (leaflet.css, without the `leaflet-touch-drag` class), so one
 * finger scrolls the page and Leaflet's touch zoom follows two — and the hint a one-finger move shows.
 */

const touch = (type: 'touchstart' | 'touchmove', fingers: number) => {
  const event = new Event(type, { bubbles: true });
  Object.defineProperty(event, 'touches', { value: Array.from({ length: fingers }, (_, i) => ({ clientX: 100 + 50 * i, clientY: 200 })) });
  return event;
};

function pointer(type: 'pointerdown' | 'pointerup', pointerType: string) {
  const event = new Event(type, { bubbles: true });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  return event;
}

function primaryPointer(coarse: boolean) {
  window.matchMedia = jest.fn((query: string) => ({
    matches: coarse && query === COARSE_POINTER,
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  setTestRuntimeConfig();
  serveApi({ 'tiles/config': () => ok({ url: 'http://api.test/api/tiles/{z}/{x}/{y}.png', attribution: 'Natural Earth', maxZoom: 12 }) });
});

afterEach(() => {
  removeMapFrame();
  jest.useRealTimers();
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('the map on a touch screen', () => {
  it('one finger scrolls the page: dragging off, the container without Leaflet’s touch-action: none', () => {
    primaryPointer(true);
    const map = renderMapFrame({ width: 390, height: 400 });
    expect(map.dragging.enabled()).toBe(false);
    expect(map.getContainer()).not.toHaveClass('leaflet-touch-drag');
    // Two fingers pan and zoom it (Leaflet's touch zoom follows their midpoint): `touch-action: pan-x pan-y`.
    expect(map.touchZoom.enabled()).toBe(true);
    expect(map.getContainer()).toHaveClass('leaflet-touch-zoom');
    // The keyboard (arrows, +/−) still moves it.
    expect(map.keyboard.enabled()).toBe(true);
  });

  it('a one-finger move over the map says to use two fingers, briefly; two fingers take the hint away', () => {
    jest.useFakeTimers();
    primaryPointer(true);
    const map = renderMapFrame({ width: 390, height: 400 });
    expect(screen.queryByText(TWO_FINGERS_HINT)).not.toBeInTheDocument();

    act(() => void map.getContainer().dispatchEvent(touch('touchmove', 1)));
    const hint = screen.getByText(TWO_FINGERS_HINT);
    expect(map.getContainer()).toContainElement(hint);
    expect(hint).toHaveAttribute('aria-hidden', 'true');

    act(() => void jest.advanceTimersByTime(HINT_MS));
    expect(screen.queryByText(TWO_FINGERS_HINT)).not.toBeInTheDocument();

    act(() => void map.getContainer().dispatchEvent(touch('touchmove', 1)));
    expect(screen.getByText(TWO_FINGERS_HINT)).toBeInTheDocument();
    act(() => void map.getContainer().dispatchEvent(touch('touchstart', 2)));
    expect(screen.queryByText(TWO_FINGERS_HINT)).not.toBeInTheDocument();
  });

  it('a mouse on it (a tablet’s) still drags the map, from its press to its release', () => {
    jest.useFakeTimers();
    primaryPointer(true);
    const map = renderMapFrame({ width: 390, height: 400 });

    fireEvent(map.getContainer(), pointer('pointerdown', 'touch'));
    expect(map.dragging.enabled()).toBe(false);

    fireEvent(map.getContainer(), pointer('pointerdown', 'mouse'));
    expect(map.dragging.enabled()).toBe(true);
    fireEvent(document, pointer('pointerup', 'mouse'));
    act(() => void jest.runOnlyPendingTimers());
    expect(map.dragging.enabled()).toBe(false);
  });
});

describe('the map with a mouse (a fine primary pointer)', () => {
  it('drags as before, with no hint', () => {
    primaryPointer(false);
    const map = renderMapFrame({ width: 1024, height: 400 });
    expect(map.dragging.enabled()).toBe(true);
    expect(map.getContainer()).toHaveClass('leaflet-touch-drag');
    act(() => void map.getContainer().dispatchEvent(touch('touchmove', 1)));
    expect(screen.queryByText(TWO_FINGERS_HINT)).not.toBeInTheDocument();
  });
});
