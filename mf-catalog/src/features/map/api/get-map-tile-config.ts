// The tile source moved to shared (every remote's maps read it); kept here as the catalogue's entry point.
export { getMapTileConfigQueryOptions, mapKeys, useMapTileConfig } from 'shared';
