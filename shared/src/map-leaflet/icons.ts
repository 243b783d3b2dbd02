import L from 'leaflet';

// L.divIcon styled in map-leaflet.css: Leaflet's PNG icons break under webpack.
export const pinIcon = L.divIcon({
  className: 'ui-map-marker',
  html: '<span class="ui-map-marker__pin"></span>',
  iconSize: [30, 40],
  iconAnchor: [15, 36],
  popupAnchor: [0, -34],
});
