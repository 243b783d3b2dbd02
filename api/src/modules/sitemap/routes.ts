import type { FastifyInstance } from 'fastify';
import { SITEMAP_PAGE_LIMIT, sitemapGetCollection } from 'shared/contract';
import { registerCall } from '../../http/register';
import type { RouteOptions } from '../../http/route-options';
import { sitemapRepository } from './repository';

/** The sitemap's source (`sitemap/get-collection`): the shell's server turns it into /sitemap.xml. */
export async function sitemapRoutes(app: FastifyInstance, opts: RouteOptions) {
  const repo = sitemapRepository(app.db);
  registerCall(
    app,
    sitemapGetCollection,
    async ({ query }) => ({ data: { ...(await repo.page(query.kind, query.page)), page: query.page, limit: SITEMAP_PAGE_LIMIT } }),
    opts,
  );
}
