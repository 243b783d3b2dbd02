import { z } from 'zod';
import { defineCall } from './define';
import { lazySchema } from './lazy-schema';

/** Where the map's raster tiles come from: a `{z}/{x}/{y}` URL template, its credit line, its deepest zoom. */
export const mapTileConfigSchema = lazySchema(() => z.object({
  url: z.string().min(1),
  attribution: z.string(),
  maxZoom: z.number().int().min(0).max(22),
}));
export type MapTileConfig = z.infer<typeof mapTileConfigSchema>;

export const mapTileConfig = defineCall({
  method: 'GET',
  path: 'tiles/config',
  auth: 'none',
  summary: 'Источник тайлов карты: шаблон адреса, атрибуция, максимальный масштаб',
  data: mapTileConfigSchema,
});
