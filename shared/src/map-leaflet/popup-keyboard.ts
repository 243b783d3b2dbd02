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
 * and closing gives the focus back to the marker. A popup opened by a pointer leaves the focus
 * where it was.
 *
 * What a keyboard user expects of a popup that is not modal: it belongs to its marker, so it closes
 * once the keyboard takes the focus away from both (Tab on to the zoom buttons, Shift+Tab to another
 * marker, the focus staying where it went), rather than staying open over the map with nothing
 * pointing at it; and Escape anywhere in the map (the popup, its marker, the zoom buttons, the map
 * itself) closes it and brings the focus back to its marker. Focus a pointer moves (a click on the
 * popup's text focuses the map around it, a click on «+» zooms) leaves it open, as Leaflet does.
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
    // Escape closed the popup: its marker takes the focus back wherever it was in the map.
    let escaped = false;

    const noteInput = (event: Event) => {
      byKeyboard = event.type === 'keydown';
      pressed = event.target instanceof Element && container.contains(event.target) ? event.target.closest<HTMLElement>('.leaflet-marker-icon') : null;
    };
    const belongs = (target: EventTarget | null) =>
      !!open && target instanceof Node && (target === open.marker || !!open.popup.getElement()?.contains(target));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open) return;
      // Nothing around the map (a dialog) closes on this Escape too, nor Leaflet's own handler.
      event.preventDefault();
      event.stopPropagation();
      escaped = true;
      map.closePopup(open.popup);
      escaped = false;
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!open || !byKeyboard || belongs(event.target)) return;
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
      // Only a focus the popup took (or lost with it), or Escape: a click or Tab elsewhere keeps its own.
      const lost = escaped || focusLost() || popup.getElement()?.contains(document.activeElement);
      if (lost && marker?.isConnected) marker.focus({ preventScroll: true });
    };

    // On the document: the focus a key or pointer moves may leave the map.
    document.addEventListener('keydown', noteInput, true);
    document.addEventListener('pointerdown', noteInput, true);
    document.addEventListener('focusin', onFocusIn);
    // Capturing: before Leaflet's own Escape on the container, which closed the popup leaving the focus there.
    container.addEventListener('keydown', onKeyDown, true);
    map.on('popupopen', onOpen);
    map.on('popupclose', onClose);
    return () => {
      document.removeEventListener('keydown', noteInput, true);
      document.removeEventListener('pointerdown', noteInput, true);
      document.removeEventListener('focusin', onFocusIn);
      container.removeEventListener('keydown', onKeyDown, true);
      map.off('popupopen', onOpen);
      map.off('popupclose', onClose);
      rendering?.disconnect();
    };
  }, [map]);
  return null;
}
