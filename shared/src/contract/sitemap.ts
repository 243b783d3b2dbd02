import { z } from 'zod';
import { idSchema, paginationQuery } from './common';
import { defineCall, listOf } from './define';
import { lazySchema } from './lazy-schema';

/** The public collections a sitemap lists: the pages `/application/:id`, `/executor/:id`, `/service/:id`, `/facility/:id`. */
export const sitemapKinds = ['application', 'executor', 'service', 'facility'] as const;
export type SitemapKind = (typeof sitemapKinds)[number];

/** Entries per page: the sitemap protocol's limit of URLs in one file. */
export const SITEMAP_PAGE_LIMIT = 50_000;

export const sitemapEntrySchema = lazySchema(() => z.object({
  id: idSchema,
  /** ISO timestamp of the last change (`<lastmod>`). */
  updatedAt: z.string(),
}));
export type SitemapEntry = z.infer<typeof sitemapEntrySchema>;

/**
 * What the public may see of one kind, by id, 50,000 a page: published applications, executors
 * (as `executor/get-collection` lists them), the service catalogue, facilities (their page is public).
 * `total` is exact, so the server knows how many sitemap files to list.
 */
export const sitemapGetCollection = defineCall({
  method: 'GET',
  path: 'sitemap/get-collection',
  auth: 'none',
  summary: 'Публичные страницы для карты сайта (50 000 на странице, по идентификатору)',
  query: lazySchema(() => z.object({
    kind: z.enum(sitemapKinds, { error: 'Укажите вид страниц: application, executor, service или facility' }),
    // Past the last page the answer is empty (the count says so) and no page is read.
    page: paginationQuery(SITEMAP_PAGE_LIMIT).page,
  })),
  data: lazySchema(() => listOf(sitemapEntrySchema)),
});
