import type L from 'leaflet';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMap } from 'react-leaflet';
// Through the package name (see map-frame.tsx).
import { COARSE_POINTER, useMediaQuery } from 'shared';

export const TWO_FINGERS_HINT = 'Используйте два пальца, чтобы переместить карту';
/** How long the hint stays after the last one-finger move over the map. */
export const HINT_MS = 1500;

/**
 * Touch first (a phone, a tablet): one finger scrolls the page, two pan and zoom the map. A map
 * takes half a phone's screen, and a swipe over it moved the map (to India) instead of the page.
 *
 * Leaflet's `dragging` off: its container then has `touch-action: pan-x pan-y` (leaflet.css, the
 * `leaflet-touch-zoom` class without `leaflet-touch-drag`), so the browser scrolls under one finger,
 * while Leaflet's touch zoom follows two (it pans with the fingers' midpoint as it zooms). A mouse
 * on such a device (a tablet's) still drags: dragging is on from its press to its release. The
 * keyboard (arrows, +/−) is another handler, untouched; a fine pointer (a desktop) keeps dragging.
 */
export function useTouchGestures(map: L.Map, touchFirst: boolean): boolean {
  const [hint, setHint] = useState(false);
  useEffect(() => {
    if (!touchFirst) {
      map.dragging.enable();
      return;
    }
    map.dragging.disable();
    const container = map.getContainer();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const hide = () => {
      clearTimeout(timer);
      setHint(false);
    };
    const onTouchMove = (event: TouchEvent) => {
      if (event.touches.length !== 1) return hide();
      setHint(true);
      clearTimeout(timer);
      timer = setTimeout(hide, HINT_MS);
    };
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length > 1) hide();
    };
    // A mouse's press: dragging on before Leaflet's `mousedown` (which follows `pointerdown`), off
    // again once its `mouseup` (which follows `pointerup`) has ended the drag.
    const endMouseDrag = () => {
      document.removeEventListener('pointerup', endMouseDrag, true);
      setTimeout(() => done || map.dragging.disable());
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      map.dragging.enable();
      document.addEventListener('pointerup', endMouseDrag, true);
    };
    container.addEventListener('touchstart', onTouchStart, { passive: true });
    container.addEventListener('touchmove', onTouchMove, { passive: true });
    container.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      done = true;
      clearTimeout(timer);
      setHint(false);
      container.removeEventListener('touchstart', onTouchStart);
      container.removeEventListener('touchmove', onTouchMove);
      container.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('pointerup', endMouseDrag, true);
      // Not enabled again here: the map may be gone; a switch to a fine pointer enables it (above).
    };
  }, [map, touchFirst]);
  return hint;
}

/** The frame's touch behaviour (useTouchGestures) and its hint, over the map. */
export function TouchGestures() {
  const map = useMap();
  const hint = useTouchGestures(map, useMediaQuery(COARSE_POINTER));
  // Decoration for the eye: a screen reader's own gestures are not the ones it names.
  return hint
    ? createPortal(
        <div className="ui-map-gesture-hint" aria-hidden="true">
          {TWO_FINGERS_HINT}
        </div>,
        map.getContainer(),
      )
    : null;
}
