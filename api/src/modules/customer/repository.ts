import type { Customer, ProfileType } from 'shared/contract';
import type { Queryable } from '../../db';
import type { SqlStatement } from '../application/repository';
import { lookupPage, readListPage } from '../../db/list-page';
import { cappedCountSql, isoTimestamp, nameSortKey, normText, prefixTsQuery, textSearchCondition } from '../../db/sql';
import { PROFILE_TEXT, PROFILE_TSVECTOR } from '../executor/repository';

export interface CustomerFilter {
  page: number;
  limit: number;
  attributeSort: 'id' | 'name';
  typeSort: 'asc' | 'desc';
  query?: string;
}

interface Row {
  id: number;
  name: string;
  type: ProfileType;
  description: string | null;
  addressValue: string | null;
  cityFiasId: string | null;
  geoLat: number | null;
  geoLon: number | null;
  publishedCount: number;
  createdAt: string;
}

/** Customers place applications: personal customer profiles and organisations. */
const IS_CUSTOMER = `p.type in ('customer', 'organization')`;

/** The name's order: migration 017's profiles_name_idx. */
const BY_NAME = nameSortKey('p.name');

const select = `
  select p.id, p.name, p.type, p.description,
    p.address_value as "addressValue", p.city_fias_id as "cityFiasId", p.geo_lat as "geoLat", p.geo_lon as "geoLon",
    (select count(*)::int from applications x
      where x.customer_profile_id = p.id and x.status = 'published') as "publishedCount",
    ${isoTimestamp('p.created_at')} as "createdAt"
  from profiles p`;

function toCustomer(row: Row): Customer {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    address: row.addressValue ? { value: row.addressValue, cityFiasId: row.cityFiasId, geoLat: row.geoLat, geoLon: row.geoLon } : null,
    publishedCount: row.publishedCount,
    createdAt: row.createdAt,
  };
}

/** The count and page statements of a list, exported so query-plan.test.ts explains them. */
export function buildCustomerListQuery(f: CustomerFilter, substrings: readonly string[] | null = null): { count: SqlStatement; page: SqlStatement } {
  const params: unknown[] = [];
  const add = (v: unknown) => `$${params.push(v)}`;
  const where = [IS_CUSTOMER];
  if (f.query !== undefined) {
    // The expressions of migration 041's profiles_search_idx and 010's profiles_text_trgm_idx.
    where.push(textSearchCondition({ tsvector: PROFILE_TSVECTOR, text: PROFILE_TEXT, query: f.query, substrings, add }));
  }
  const whereSql = `where ${where.join(' and ')}`;
  const dir = f.typeSort === 'desc' ? 'desc' : 'asc';
  const order = f.attributeSort === 'id' ? `p.id ${dir}` : `${BY_NAME} ${dir}, p.id asc`;
  const values = [...params];
  return {
    count: { text: cappedCountSql(`from profiles p ${whereSql}`, { materialize: f.query !== undefined }), values },
    page: { text: `${select} ${whereSql} order by ${order} limit ${add(f.limit)} offset ${add((f.page - 1) * f.limit)}`, values: params },
  };
}

/** The lookup's match on the name (migration 010's profiles_name_search_idx; ё folded to е, the query is folded too). */
const nameMatches = (tsQuery: string) => `to_tsvector('simple', ${normText('p.name')}) @@ to_tsquery('simple', ${tsQuery})`;

/**
 * The picker's lookup: customers whose name has words starting with every word typed
 * ("смир" finds "Анна Смирнова", "строй" finds "ООО «СтройИнвест»"), by name; null when the
 * query has no letters or digits (nothing can match).
 */
export function buildCustomerLookupQuery(query: string | undefined, limit: number): SqlStatement | null {
  if (query === undefined) {
    return { text: `select p.id, p.name, p.type from profiles p where ${IS_CUSTOMER} order by ${BY_NAME}, p.id limit $1`, values: [limit] };
  }
  const tsQuery = prefixTsQuery(query);
  if (!tsQuery) return null;
  return {
    text: `select p.id, p.name, p.type from profiles p
      where ${IS_CUSTOMER} and ${nameMatches('$2')}
      order by ${BY_NAME}, p.id limit $1`,
    values: [limit, tsQuery],
  };
}

/** The lookup's matches counted (the envelope's `total`), capped as the lists' counts; null as the lookup's. */
export function buildCustomerLookupCount(query: string | undefined): SqlStatement | null {
  if (query === undefined) return { text: cappedCountSql(`from profiles p where ${IS_CUSTOMER}`), values: [] };
  const tsQuery = prefixTsQuery(query);
  if (!tsQuery) return null;
  return { text: cappedCountSql(`from profiles p where ${IS_CUSTOMER} and ${nameMatches('$1')}`, { materialize: true }), values: [tsQuery] };
}

export function customerRepository(db: Queryable) {
  return {
    list(f: CustomerFilter): Promise<{ items: Customer[]; total: number; totalExact: boolean }> {
      return readListPage(db, f, (substrings) => buildCustomerListQuery(f, substrings), toCustomer);
    },

    async lookup(query: string | undefined, limit: number) {
      const statement = buildCustomerLookupQuery(query, limit);
      const items = statement ? await db.query<{ id: number; name: string; type: ProfileType }>(statement.text, statement.values) : [];
      // No statement, no items: the count is asked for a full page only.
      return lookupPage(db, limit, items, () => buildCustomerLookupCount(query)!);
    },

    async findById(id: number): Promise<Customer | undefined> {
      const [row] = await db.query<Row>(`${select} where p.id = $1 and ${IS_CUSTOMER}`, [id]);
      return row ? toCustomer(row) : undefined;
    },
  };
}
export type CustomerRepository = ReturnType<typeof customerRepository>;
