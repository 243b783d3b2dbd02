import type { Application, ApplicationSortField, ApplicationStatus, ProfileType, TypeSort } from 'shared/contract';
import { applicationStatuses } from 'shared/contract';
import type { Queryable } from '../../db';
import { readListPage } from '../../db/list-page';
import { cappedCountSql, isoDate, isoTimestamp, textSearchCondition } from '../../db/sql';

export interface ApplicationFilter {
  statuses: ApplicationStatus[];
  page: number;
  limit: number;
  attributeSort: ApplicationSortField;
  typeSort: TypeSort;
  query?: string;
  services?: number[];
  minPrice?: number;
  maxPrice?: number;
  deadline?: string;
  cityFiasId?: string;
  customerId?: number;
  customerType?: ProfileType;
  /** Look `query` up as these substrings of the name and description (pg_trgm: `substringStems`). */
  substrings?: readonly string[] | null;
}

/** The normalised name and description (migration 010's stored column, where pg_trgm indexes it). */
export const APPLICATION_TEXT = 'a.search_text';

export interface ApplicationRow {
  id: number;
  number: number;
  name: string;
  description: string;
  status: ApplicationStatus;
  price: number | null;
  deadline: string | null;
  feedbackDeadline: string | null;
  addressValue: string;
  cityFiasId: string | null;
  geoLat: number | null;
  geoLon: number | null;
  customerId: number;
  customerName: string;
  customerType: ProfileType;
  services: Array<{ id: number; name: string }> | string;
  createdAt: string;
  updatedAt: string;
}

export interface SqlStatement {
  text: string;
  values: unknown[];
}

// Dates and money are formatted in SQL so PGlite and node-postgres answer identically.
export const applicationSelect = `
  select a.id, a.number, a.name, a.description, a.status, a.price::float8 as price,
    ${isoDate('a.deadline')} as deadline,
    ${isoDate('a.feedback_deadline')} as "feedbackDeadline",
    a.address_value as "addressValue", a.city_fias_id as "cityFiasId", a.geo_lat as "geoLat", a.geo_lon as "geoLon",
    p.id as "customerId", p.name as "customerName", p.type as "customerType",
    coalesce((
      select json_agg(json_build_object('id', s.id, 'name', s.name) order by s.name collate "C", s.id)
      from application_services x join services s on s.id = x.service_id
      where x.application_id = a.id
    ), '[]'::json) as services,
    ${isoTimestamp('a.created_at')} as "createdAt",
    ${isoTimestamp('a.updated_at')} as "updatedAt"
  from applications a
  join profiles p on p.id = a.customer_profile_id`;

// Each order matches one of migration 005's partial indexes exactly (direction and nulls
// placement included), so a page is read from an index instead of sorting every match.
const orders: Record<ApplicationSortField, Record<TypeSort, string>> = {
  name: { asc: 'lower(a.name) collate "C" asc', desc: 'lower(a.name) collate "C" desc' },
  price: { asc: 'a.price asc nulls last', desc: 'a.price desc nulls last' },
  deadline: { asc: 'a.deadline asc nulls last', desc: 'a.deadline desc nulls last' },
  createdAt: { asc: 'a.created_at asc', desc: 'a.created_at desc' },
};

export function toApplication(row: ApplicationRow): Application {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    description: row.description,
    status: row.status,
    price: row.price,
    deadline: row.deadline,
    feedbackDeadline: row.feedbackDeadline,
    address: { value: row.addressValue, cityFiasId: row.cityFiasId, geoLat: row.geoLat, geoLon: row.geoLon },
    services: typeof row.services === 'string' ? JSON.parse(row.services) : row.services,
    customer: { id: row.customerId, name: row.customerName, type: row.customerType },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Statuses are written into the SQL as literals (checked against the closed list), not bound:
 * the planner can only match the partial indexes (`where status = 'published'`) to a literal
 * whatever plan caching the driver does.
 */
function statusCondition(statuses: ApplicationStatus[]): string {
  const known = statuses.filter((s) => (applicationStatuses as readonly string[]).includes(s));
  if (known.length === 0) return 'false';
  return known.length === 1 ? `a.status = '${known[0]}'` : `a.status in (${known.map((s) => `'${s}'`).join(', ')})`;
}

function whereClause(f: ApplicationFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where: string[] = [statusCondition(f.statuses)];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (f.query !== undefined) {
    // Prefix matching of every word ("электропровод" finds "электропроводки") on the GIN index.
    where.push(textSearchCondition({ tsvector: 'a.search', text: APPLICATION_TEXT, query: f.query, substrings: f.substrings, add }));
  }
  if (f.services?.length) {
    where.push(`a.id in (select x.application_id from application_services x where x.service_id = any(${add(f.services)}::int[]))`);
  }
  if (f.minPrice !== undefined) where.push(`a.price >= ${add(f.minPrice)}`);
  if (f.maxPrice !== undefined) where.push(`a.price <= ${add(f.maxPrice)}`);
  if (f.deadline) where.push(`a.deadline <= ${add(f.deadline)}::date`);
  if (f.cityFiasId) where.push(`a.city_fias_id = ${add(f.cityFiasId)}`);
  if (f.customerId !== undefined) where.push(`a.customer_profile_id = ${add(f.customerId)}`);
  // Organisations place applications as customers too, so the client's default `type=customer`
  // (spec §3) must not hide them; `organization` narrows to organisations.
  if (f.customerType) {
    const types = f.customerType === 'customer' ? ['customer', 'organization'] : [f.customerType];
    where.push(`exists (select 1 from profiles c where c.id = a.customer_profile_id and c.type = any(${add(types)}::text[]))`);
  }
  return { sql: `where ${where.join(' and ')}`, params };
}

/**
 * The two statements of a list page, exported so query-plan.test.ts explains exactly what
 * the API runs. The count reads applications alone (no join), so it can be answered from an index.
 */
export function buildApplicationListQuery(f: ApplicationFilter): { count: SqlStatement; page: SqlStatement } {
  const { sql: where, params } = whereClause(f);
  return {
    count: { text: cappedCountSql(`from applications a ${where}`, { materialize: f.query !== undefined }), values: params },
    page: {
      text: `${applicationSelect} ${where}
        order by ${orders[f.attributeSort][f.typeSort]}, a.id asc
        limit $${params.length + 1} offset $${params.length + 2}`,
      values: [...params, f.limit, (f.page - 1) * f.limit],
    },
  };
}

export function applicationRepository(db: Queryable) {
  return {
    list(f: ApplicationFilter): Promise<{ items: Application[]; total: number; totalExact: boolean }> {
      return readListPage(db, f, (substrings) => buildApplicationListQuery({ ...f, substrings }), toApplication);
    },

    async findById(id: number, statuses: ApplicationStatus[]): Promise<Application | undefined> {
      const [row] = await db.query<ApplicationRow>(`${applicationSelect} where a.id = $1 and ${statusCondition(statuses)}`, [id]);
      return row ? toApplication(row) : undefined;
    },
  };
}
export type ApplicationRepository = ReturnType<typeof applicationRepository>;
