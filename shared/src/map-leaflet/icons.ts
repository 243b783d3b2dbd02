import L from 'leaflet';

// L.divIcon styled in map-leaflet.css: Leaflet's PNG icons break under webpack.
export const pinIcon = L.divIcon({
  className: 'ui-map-marker',
  html: '<span class="ui-map-marker__pin"></span>',
  iconSize: [30, 40],
  iconAnchor: [15, 36],
  popupAnchor: [0, -34],
});

const clusterIcons = new Map<number, L.DivIcon>();

/** A round badge with the count, larger for larger clusters (at least a 44px touch target at 10+). */
export function clusterIcon(count: number): L.DivIcon {
  let icon = clusterIcons.get(count);
  if (!icon) {
    const size = count < 10 ? 40 : count < 100 ? 46 : 52;
    icon = L.divIcon({
      className: 'ui-map-cluster',
      // The count is read from the marker's title; the digits alone would be announced as a bare number.
      html: `<span aria-hidden="true">${count}</span>`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
    clusterIcons.set(count, icon);
  }
  return icon;
}
