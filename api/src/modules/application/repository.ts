import type { Application, ApplicationSortField, ApplicationStatus, ProfileType, TypeSort } from 'shared/contract';
import type { Queryable } from '../../db';
import { escapeLike } from '../service/repository';

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
}

interface Row {
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
  services: Array<{ id: number; name: string }>;
  createdAt: string;
  updatedAt: string;
}

const isoTimestamp = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// Dates and money are formatted in SQL so PGlite and node-postgres answer identically.
const select = `
  select a.id, a.number, a.name, a.description, a.status, a.price::float8 as price,
    to_char(a.deadline, 'YYYY-MM-DD') as deadline,
    to_char(a.feedback_deadline, 'YYYY-MM-DD') as "feedbackDeadline",
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

const sortColumns: Record<ApplicationSortField, string> = {
  name: 'lower(a.name) collate "C"',
  price: 'a.price',
  deadline: 'a.deadline',
  createdAt: 'a.created_at',
};

function toApplication(row: Row): Application {
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

function whereClause(f: ApplicationFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  where.push(`a.status = any(${add(f.statuses)}::text[])`);
  if (f.query) {
    const ts = add(f.query);
    const like = add(`%${escapeLike(f.query)}%`);
    // Full text finds word forms ("ванной" → "ванная"); ILIKE catches fragments and typos of stems.
    where.push(`(a.search @@ websearch_to_tsquery('russian', ${ts}) or a.name ilike ${like} or a.description ilike ${like})`);
  }
  if (f.services?.length) {
    where.push(`exists (select 1 from application_services x where x.application_id = a.id and x.service_id = any(${add(f.services)}::int[]))`);
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
    where.push(`p.type = any(${add(types)}::text[])`);
  }
  return { sql: `where ${where.join(' and ')}`, params };
}

export function applicationRepository(db: Queryable) {
  return {
    async list(f: ApplicationFilter): Promise<{ items: Application[]; total: number }> {
      const { sql: where, params } = whereClause(f);
      const [count] = await db.query<{ total: number }>(
        `select count(*)::int as total from applications a join profiles p on p.id = a.customer_profile_id ${where}`,
        params,
      );
      const dir = f.typeSort === 'desc' ? 'desc' : 'asc';
      const rows = await db.query<Row>(
        `${select} ${where}
         order by ${sortColumns[f.attributeSort]} ${dir} nulls last, a.id asc
         limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, f.limit, (f.page - 1) * f.limit],
      );
      return { items: rows.map(toApplication), total: count?.total ?? 0 };
    },

    async findById(id: number, statuses: ApplicationStatus[]): Promise<Application | undefined> {
      const [row] = await db.query<Row>(`${select} where a.id = $1 and a.status = any($2::text[])`, [id, statuses]);
      return row ? toApplication(row) : undefined;
    },
  };
}
export type ApplicationRepository = ReturnType<typeof applicationRepository>;
