import { EXECUTOR_REVIEWS_SHOWN, type Executor, type ExecutorListFilter, type ExecutorReview } from 'shared/contract';
import type { Queryable } from '../../db';
import type { SqlStatement } from '../application/repository';
import { readListPage } from '../../db/list-page';
import { cappedCountSql, isoTimestamp, nameSortKey, textSearchCondition } from '../../db/sql';

/** A profile's searchable text: migration 041's profiles_search_idx (markup read as words). */
export const PROFILE_TSVECTOR = `to_tsvector('russian', translate(p.name || ' ' || coalesce(p.description, ''), '<>', '  '))`;
/** The same, normalised for substrings (migration 010's stored column, where pg_trgm indexes it). */
export const PROFILE_TEXT = 'p.search_text';

interface Row {
  id: number;
  name: string;
  type: Executor['type'];
  description: string | null;
  addressValue: string | null;
  cityFiasId: string | null;
  geoLat: number | null;
  geoLon: number | null;
  services: Array<{ id: number; name: string }> | string;
  stats: { completed: number; rated: number; average: number | null } | string;
  createdAt: string;
}

/**
 * An executor is a profile that offers work: of type executor or organization with at least
 * one service. An organisation without services only places applications (it is a customer),
 * and an executor who has not picked services yet has nothing to be found by. `offers_services`
 * says whether the profile has a service (kept by migration 010's trigger on profile_services),
 * and the partial indexes of migration 010 hold exactly these profiles.
 */
export const IS_EXECUTOR = `p.offers_services and p.type in ('executor', 'organization')`;

/**
 * Whom `/executor/:id` shows: an executor of the catalogue, and any executor or organisation that
 * has replied to an application (application_replies_executor_idx), services or not. A customer
 * choosing among replies sees each replier's record (rating, reviews, INN), and dropping one's
 * services does not hide one's reviews (QA AAE-3). The catalogue and the sitemap list IS_EXECUTOR.
 */
export const HAS_EXECUTOR_PAGE = `p.type in ('executor', 'organization')
  and (p.offers_services or exists (select 1 from application_replies pr where pr.executor_profile_id = p.id))`;

/** The columns of an executor; `extra` adds the detail's own (the lists read none). */
const selectExecutor = (extra = '') => `
  select ${extra}p.id, p.name, p.type, p.description,
    p.address_value as "addressValue", p.city_fias_id as "cityFiasId", p.geo_lat as "geoLat", p.geo_lon as "geoLon",
    coalesce((
      select json_agg(json_build_object('id', s.id, 'name', s.name) order by ${nameSortKey('s.name')}, s.id)
      from profile_services ps join services s on s.id = ps.service_id where ps.profile_id = p.id
    ), '[]'::json) as services,
    -- One pass over its applications (applications_executor_idx): the work done, and the closed deals' ratings.
    (select json_build_object(
        'completed', count(*) filter (where x.status in ('executed', 'closed')),
        'rated', count(x.review_rating) filter (where x.status = 'closed'),
        'average', round(avg(x.review_rating) filter (where x.status = 'closed'), 1))
      from applications x where x.executor_profile_id = p.id) as stats,
    ${isoTimestamp('p.created_at')} as "createdAt"
  from profiles p`;

const orders: Record<Exclude<ExecutorListFilter['attributeSort'], 'id'>, string> = {
  // Migration 017's profiles_executor_name_*_idx.
  name: nameSortKey('p.name'),
  createdAt: 'p.created_at',
};

function toExecutor(row: Row): Executor {
  const stats = typeof row.stats === 'string' ? (JSON.parse(row.stats) as Exclude<Row['stats'], string>) : row.stats;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    services: typeof row.services === 'string' ? JSON.parse(row.services) : row.services,
    address: row.addressValue ? { value: row.addressValue, cityFiasId: row.cityFiasId, geoLat: row.geoLat, geoLon: row.geoLon } : null,
    completedCount: stats.completed,
    rating: stats.rated > 0 ? { average: Number(stats.average), count: stats.rated } : null,
    createdAt: row.createdAt,
  };
}

/** The count and page statements of a list, exported so query-plan.test.ts explains them. */
export function buildExecutorListQuery(f: ExecutorListFilter, substrings: readonly string[] | null = null): { count: SqlStatement; page: SqlStatement } {
  const params: unknown[] = [];
  const add = (v: unknown) => `$${params.push(v)}`;
  const where = [IS_EXECUTOR];
  if (f.query !== undefined) {
    // The expressions of migration 041's profiles_search_idx and 010's profiles_text_trgm_idx.
    where.push(textSearchCondition({ tsvector: PROFILE_TSVECTOR, text: PROFILE_TEXT, query: f.query, substrings, add }));
  }
  if (f.address) where.push(`p.city_fias_id = ${add(f.address)}`);
  if (f.services?.length) {
    where.push(`exists (select 1 from profile_services fs where fs.profile_id = p.id and fs.service_id = any(${add(f.services)}::int[]))`);
  }
  const whereSql = `where ${where.join(' and ')}`;
  const dir = f.typeSort === 'desc' ? 'desc' : 'asc';
  // Ties (same name or creation time) are broken by id ascending in either direction.
  const order = f.attributeSort === 'id' ? `p.id ${dir}` : `${orders[f.attributeSort]} ${dir}, p.id asc`;
  const values = [...params];
  return {
    count: { text: cappedCountSql(`from profiles p ${whereSql}`, { materialize: f.query !== undefined }), values },
    page: { text: `${selectExecutor()} ${whereSql} order by ${order} limit ${add(f.limit)} offset ${add((f.page - 1) * f.limit)}`, values: params },
  };
}

export function executorRepository(db: Queryable) {
  return {
    list(f: ExecutorListFilter): Promise<{ items: Executor[]; total: number; totalExact: boolean }> {
      return readListPage(db, f, (substrings) => buildExecutorListQuery(f, substrings), toExecutor);
    },

    async findById(id: number): Promise<Executor | undefined> {
      const [row] = await db.query<Row & { inn: string | null; ogrn: string | null }>(
        `${selectExecutor('p.inn, p.ogrn, ')} where p.id = $1 and ${HAS_EXECUTOR_PAGE}`,
        [id],
      );
      if (!row) return undefined;
      // A review is final once the deal is closed (until then the customer may change it).
      const reviews = await db.query<ExecutorReview>(
        `select a.review_rating as rating, coalesce(a.review_text, '') as text, a.name as "applicationName", ${isoTimestamp('coalesce(a.reviewed_at, a.updated_at)')} as at
           from applications a
          where a.executor_profile_id = $1 and a.status = 'closed' and a.review_rating is not null
          order by a.reviewed_at desc nulls last, a.id desc
          limit ${EXECUTOR_REVIEWS_SHOWN}`,
        [id],
      );
      const registry = row.type === 'organization' && row.inn ? { inn: row.inn, ogrn: row.ogrn } : null;
      return { ...toExecutor(row), reviews, registry };
    },
  };
}
export type ExecutorRepository = ReturnType<typeof executorRepository>;
