import type L from 'leaflet';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useMap } from 'react-leaflet';

/**
 * Popup content that takes keyboard focus when its popup opens: in the DOM, popups come after
 * every marker, so without this a keyboard user would have to tab past all markers to reach it.
 */
export function PopupContent({ children }: { children: ReactNode }) {
  const map = useMap();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const focus = () => ref.current?.querySelector<HTMLElement>('a, button')?.focus({ preventScroll: true });
    // Leaflet creates the popup's DOM on first open, so the first open is this mount.
    focus();
    const onOpen = (e: L.PopupEvent) => {
      if (ref.current && e.popup.getElement()?.contains(ref.current)) focus();
    };
    map.on('popupopen', onOpen);
    return () => {
      map.off('popupopen', onOpen);
    };
  }, [map]);
  // Escape closes the popup from inside it (Leaflet's own Escape works only while the map itself
  // has the focus); returnFocusToMarker then hands the focus back to the marker.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    map.closePopup();
  };
  return (
    // Keys pressed on the popup's links bubble here; the links themselves are the focus stops.
    <div ref={ref} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

/** Closing a popup (Escape, its × button) hands focus back to its marker rather than to the page. */
export function returnFocusToMarker(e: L.PopupEvent) {
  const active = document.activeElement;
  const lost = !active || active === document.body || e.popup.getElement()?.contains(active);
  if (lost) (e.target as L.Marker).getElement()?.focus({ preventScroll: true });
}
