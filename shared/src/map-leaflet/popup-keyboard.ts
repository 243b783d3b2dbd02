import type L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { focusables, focusLost } from 'shared';

/** The popup's first control, else its close button (a popup that only names its place). */
function focusInto(popup: L.Popup): void {
  const element = popup.getElement();
  const content = element?.querySelector<HTMLElement>('.leaflet-popup-content');
  const target = (content && focusables(content)[0]) ?? element?.querySelector<HTMLElement>('.leaflet-popup-close-button');
  target?.focus({ preventScroll: true });
}

/**
 * Markers' popups from the keyboard, for every map. Leaflet gives them none: its Escape works only
 * while the map container itself has the focus, and a popup's DOM comes after every marker, so Tab
 * from a marker went on to the next marker. Here a popup opened from the keyboard takes the focus,
 * Escape on its marker or inside it closes it, and closing gives the focus back to the marker. A
 * popup opened by a pointer leaves the focus where it was.
 */
export function PopupKeyboard() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    // What the last key or pointer went to: a popup opens on its marker's click or Enter.
    let byKeyboard = false;
    let pressed: HTMLElement | null = null;
    let open: { popup: L.Popup; marker: HTMLElement | null } | null = null;
    let rendering: MutationObserver | null = null;

    const noteInput = (event: Event) => {
      byKeyboard = event.type === 'keydown';
      pressed = event.target instanceof Element ? event.target.closest<HTMLElement>('.leaflet-marker-icon') : null;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open || !(event.target instanceof Node)) return;
      if (event.target !== open.marker && !open.popup.getElement()?.contains(event.target)) return;
      // Nothing around the map (a dialog) closes on this Escape too.
      event.preventDefault();
      event.stopPropagation();
      map.closePopup(open.popup);
    };
    const onOpen = ({ popup }: L.PopupEvent) => {
      rendering?.disconnect();
      open = { popup, marker: pressed };
      if (!byKeyboard) return;
      const content = popup.getElement()?.querySelector('.leaflet-popup-content');
      if (!content || content.hasChildNodes()) {
        focusInto(popup);
        return;
      }
      // react-leaflet draws a popup's children only after its first open.
      rendering = new MutationObserver(() => {
        rendering?.disconnect();
        focusInto(popup);
      });
      rendering.observe(content, { childList: true, subtree: true });
    };
    const onClose = ({ popup }: L.PopupEvent) => {
      if (open?.popup !== popup) return;
      const { marker } = open;
      open = null;
      rendering?.disconnect();
      // Only a focus the popup took (or lost with it): a click elsewhere keeps its own.
      const lost = focusLost() || popup.getElement()?.contains(document.activeElement);
      if (lost && marker?.isConnected) marker.focus({ preventScroll: true });
    };

    container.addEventListener('keydown', noteInput, true);
    container.addEventListener('pointerdown', noteInput, true);
    container.addEventListener('keydown', onKeyDown);
    map.on('popupopen', onOpen);
    map.on('popupclose', onClose);
    return () => {
      container.removeEventListener('keydown', noteInput, true);
      container.removeEventListener('pointerdown', noteInput, true);
      container.removeEventListener('keydown', onKeyDown);
      map.off('popupopen', onOpen);
      map.off('popupclose', onClose);
      rendering?.disconnect();
    };
  }, [map]);
  return null;
}
