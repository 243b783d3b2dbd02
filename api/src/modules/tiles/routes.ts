import type { FastifyInstance } from 'fastify';
import { mapTileConfig } from 'shared/contract';
import { registerCall } from '../../http/register';
import type { RouteOptions } from '../../http/route-options';
import { createTileRenderer } from '../../providers/tiles';
import { etagMatches, parseTileCoords, tileService } from './service';

// A tile never changes while the process runs; a day keeps browsers and proxies off the
// renderer, and the ETag makes the revalidation after that a 304.
const CACHE_CONTROL = 'public, max-age=86400';

export async function tilesRoutes(app: FastifyInstance, opts: RouteOptions) {
  const renderer = createTileRenderer({
    gazetteerFile: opts.config.addressGazetteer,
    onError: (err) => app.log.error({ err }, 'tile gazetteer unreadable, drawing the built-in cities'),
  });
  const tiles = tileService({ renderer, mapTileUrl: opts.config.mapTileUrl });

  registerCall(app, mapTileConfig, async ({ request }) => ({ data: tiles.config(`${request.protocol}://${request.host}`) }), opts);

  app.get<{ Params: { z: string; x: string; y: string } }>('/api/tiles/:z/:x/:y', async (request, reply) => {
    const tile = await tiles.tile(parseTileCoords(request.params.z, request.params.x, request.params.y));
    reply.header('Cache-Control', CACHE_CONTROL).header('ETag', tile.etag);
    if (etagMatches(request.headers['if-none-match'], tile.etag)) return reply.status(304).send();
    return reply.type('image/png').send(tile.png);
  });
}
