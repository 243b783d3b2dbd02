import type L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/** Leaflet's frame around a popup's text: the text's margins (20 + 24 px) and the wrapper's padding (1 + 1 px), leaflet.css. */
const POPUP_FRAME = 46;
/** Room left between the popup and the map's edges, where Leaflet's pan keeps it. */
const POPUP_GAP = 16;
/** Leaflet's own limit for a popup's text. */
const POPUP_TEXT_MAX = 300;
/** Narrower than this, a popup's words no longer fit a line. */
const POPUP_TEXT_MIN = 120;
/**
 * What Leaflet's pan keeps free at the map's top left: the zoom buttons (leaflet.css: a 10 px
 * margin, two 30 px buttons and their borders end 74 px down) and a gap; Leaflet's 5 px at the side.
 */
const PAN_PADDING_TOP_LEFT: L.PointTuple = [5, 74 + 8];

/**
 * A popup as wide as the map allows, clear of the zoom buttons. Leaflet lets a popup's text run
 * to 300 px whatever the map's width: on a phone (a 254–358 px map) a long name or address was cut
 * at the map's edge, with the popup's «Закрыть» out of sight. And its pan into view stops 5 px from
 * the edge, so a popup that rose to the top left lay under «+» and «−», its link's first words
 * hidden (and a tap there zoomed). Measured as each popup opens, so a turned phone counts too.
 * Part of `MapFrame`: every map's popups (the catalogue's, the cabinet's facility map) fit.
 */
export function PopupFitsMap() {
  const map = useMap();
  useEffect(() => {
    const fit = ({ popup }: L.PopupEvent) => {
      const width = Math.max(POPUP_TEXT_MIN, Math.min(POPUP_TEXT_MAX, map.getSize().x - POPUP_FRAME - POPUP_GAP));
      if (popup.options.maxWidth === width && popup.options.autoPanPaddingTopLeft === PAN_PADDING_TOP_LEFT) return;
      popup.options.maxWidth = width;
      popup.options.autoPanPaddingTopLeft = PAN_PADDING_TOP_LEFT;
      popup.update();
    };
    map.on('popupopen', fit);
    return () => {
      map.off('popupopen', fit);
    };
  }, [map]);
  return null;
}
