export { createTileRenderer, TILE_COLORS, TILE_MAX_ZOOM, type TileRenderer, type TileRendererOptions } from './renderer';
export { TILE_SIZE } from './mercator';
