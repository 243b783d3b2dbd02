import L from 'leaflet';

// L.divIcon styled in facility-map.css: Leaflet's PNG icons break under webpack.
export const pinIcon = L.divIcon({
  className: 'facility-map__marker',
  html: '<span class="facility-map__pin"></span>',
  iconSize: [30, 40],
  iconAnchor: [15, 36],
  popupAnchor: [0, -34],
});
