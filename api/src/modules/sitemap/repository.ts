import { SITEMAP_PAGE_LIMIT, type SitemapEntry, type SitemapKind } from 'shared/contract';
import type { Queryable } from '../../db';
import { isoTimestamp } from '../../db/sql';
import type { SqlStatement } from '../application/repository';
import { IS_EXECUTOR } from '../executor/repository';

/**
 * What the public may see of each kind, as the public calls show it: published applications
 * (`application/get-collection`), executors (`executor/get-collection`), the whole service
 * catalogue (`service/get`), every facility (`profile/facility/get` is public). Each reads by id
 * from an index: applications_pub_id_idx, profiles_executor_id_idx, the primary keys.
 */
const sources: Record<SitemapKind, { from: string; updatedAt: string }> = {
  application: { from: `applications a where a.status = 'published'`, updatedAt: 'a.updated_at' },
  executor: { from: `profiles p where ${IS_EXECUTOR}`, updatedAt: 'p.updated_at' },
  service: { from: 'services s', updatedAt: 's.updated_at' },
  facility: { from: 'facilities f', updatedAt: 'f.updated_at' },
};

const alias = (kind: SitemapKind) => ({ application: 'a', executor: 'p', service: 's', facility: 'f' })[kind];

/** The count and page statements of one sitemap page, exported so query-plan.test.ts explains them. */
export function buildSitemapQuery(kind: SitemapKind, page: number): { count: SqlStatement; page: SqlStatement } {
  const { from, updatedAt } = sources[kind];
  const id = `${alias(kind)}.id`;
  return {
    count: { text: `select count(*)::int as total from ${from}`, values: [] },
    page: {
      text: `select ${id} as id, ${isoTimestamp(updatedAt)} as "updatedAt" from ${from} order by ${id} limit $1 offset $2`,
      values: [SITEMAP_PAGE_LIMIT, (page - 1) * SITEMAP_PAGE_LIMIT],
    },
  };
}

export function sitemapRepository(db: Queryable) {
  return {
    async page(kind: SitemapKind, page: number): Promise<{ items: SitemapEntry[]; total: number }> {
      const statements = buildSitemapQuery(kind, page);
      const [row] = await db.query<{ total: number }>(statements.count.text, statements.count.values);
      const total = row?.total ?? 0;
      const items = total > (page - 1) * SITEMAP_PAGE_LIMIT ? await db.query<SitemapEntry>(statements.page.text, statements.page.values) : [];
      return { items, total };
    },
  };
}
