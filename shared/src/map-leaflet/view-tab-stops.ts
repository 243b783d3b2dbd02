import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/**
 * Only the markers in view are tab stops. Leaflet makes every keyboard marker one, in view or not:
 * after zooming in on a cluster, Tab went on through the markers outside the map's edges, the focus
 * lost to the eye. Out of view they stay clickable, and every map's items are also a list of links
 * beside it; the arrows bring them into view, and back into the tab order.
 */
export function ViewTabStops() {
  const map = useMap();
  useEffect(() => {
    let scheduled = false;
    let done = false;
    const update = () => {
      scheduled = false;
      if (done) return;
      let bounds: L.LatLngBounds | undefined;
      map.eachLayer((layer) => {
        if (!(layer instanceof L.Marker) || !layer.options.keyboard) return;
        const element = layer.getElement();
        if (!element) return;
        bounds ??= map.getBounds();
        element.tabIndex = bounds.contains(layer.getLatLng()) ? 0 : -1;
      });
    };
    // Once for a burst of events: a re-clustering adds its markers one by one.
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(update);
    };
    map.on('moveend resize layeradd', schedule);
    schedule();
    return () => {
      done = true;
      map.off('moveend resize layeradd', schedule);
    };
  }, [map]);
  return null;
}
