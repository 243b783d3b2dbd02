import { LIST_TOTAL_CAP, type Service, type ServiceListFilter } from 'shared/contract';
import type { Queryable } from '../../db';
import type { SqlStatement } from '../application/repository';
import { lookupPage } from '../../db/list-page';
import { IS_EXECUTOR } from '../executor/repository';
import { cappedCountSql, cappedTotal, containsPattern, isStorableId, nameSortKey, normText, prefixTsQuery, prefixTsQuerySql, PREPARE } from '../../db/sql';

const columns = `s.id, s.name, s.parent_id as "parentId", s.group_name as "group"`;

/**
 * The condition of a service search over the name `expressions`: the query found in one of them as
 * typed (case and ё/е do not matter: «монт» finds «Демонтаж»), or every word of it as a prefix of a
 * Russian stem of their words, so another form of a word finds it too («плитка» finds «Укладка
 * плитки», «двери» finds «Установка дверей»). The catalogue is a few dozen rows: no index is worth it.
 */
function serviceTextMatch(expressions: readonly string[], query: string, add: (value: unknown) => string): string {
  const pattern = add(containsPattern(query));
  const anyOf = expressions.map((e) => `${normText(e)} like ${pattern}`);
  const tsQuery = prefixTsQuery(query);
  if (tsQuery) {
    const text = expressions.map((e) => `coalesce(${e}, '')`).join(` || ' ' || `);
    anyOf.push(`to_tsvector('russian', ${text}) @@ ${prefixTsQuerySql(add(tsQuery))}`);
  }
  return `(${anyOf.join(' or ')})`;
}

/**
 * The count and page statements of the catalogue, exported so query-plan.test.ts explains them;
 * null when the filter can match no row (a group id past PostgreSQL's integer). The count answers
 * `total`, every row (the pages' count), and `serviceTotal`, the services proper among them: the
 * groups' own rows are headings, not services a visitor counts. Both capped as cappedCountSql's.
 */
export function buildServiceListQuery(f: ServiceListFilter): { count: SqlStatement; page: SqlStatement } | null {
  const params: unknown[] = [];
  const add = (v: unknown) => `$${params.push(v)}`;
  const where: string[] = [];
  if (f.query) where.push(serviceTextMatch(['s.name', 's.group_name'], f.query, add));
  if (f.parentId !== undefined) {
    if (!isStorableId(f.parentId)) return null;
    where.push(`s.parent_id = ${add(f.parentId)}`);
  }
  if (f.address) {
    // A service is listed in a city where an executor there offers it (executor/get-collection's
    // executors), and its group's heading with it. The city's executors come from migration 010's
    // profiles_executor_city_idx and their services from profile_services' key: never every link
    // of a service, which at scale are mostly in other cities.
    where.push(`s.id in (
      select unnest(array[c.id, c.parent_id]) from services c where c.id in (
        select ps.service_id from profiles p join profile_services ps on ps.profile_id = p.id
        where ${IS_EXECUTOR} and p.city_fias_id = ${add(f.address)}))`);
  }
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  const dir = f.typeSort === 'desc' ? 'desc' : 'asc';
  const values = [...params];
  // By group, the group itself first, then its services by name: a page of the catalogue shows
  // whole groups under their headings (sorted by name alone, a group's services fell on every page).
  // `desc` reverses the groups and the services in each; a heading stays first in its group.
  const order = [
    `${nameSortKey('coalesce(s.group_name, s.name)')} ${dir}`,
    // Two groups whose names differ only in case or ё keep their rows apart.
    `coalesce(s.parent_id, s.id) ${dir}`,
    's.parent_id nulls first',
    `${nameSortKey('s.name')} ${dir}`,
    `s.id ${dir}`,
  ].join(', ');
  return {
    count: {
      text: `select count(*)::int as total, (count(*) filter (where capped.parent_id is not null))::int as "serviceTotal"
        from (select s.parent_id from services s ${whereSql} limit ${LIST_TOTAL_CAP + 1}) capped`,
      values,
    },
    page: { text: `select ${columns} from services s ${whereSql} order by ${order} limit ${add(f.limit)} offset ${add((f.page - 1) * f.limit)}`, values: params },
  };
}

/**
 * PostgreSQL's integer ends here: a larger id from a query string names no row, and binding it
 * to an integer column would fail the statement, so callers answer "not found" first.
 */
export function serviceRepository(db: Queryable) {
  return {
    async list(filter: ServiceListFilter): Promise<{ items: Service[]; total: number; totalExact: boolean; serviceTotal: number }> {
      const statements = buildServiceListQuery(filter);
      if (!statements) return { items: [], total: 0, totalExact: true, serviceTotal: 0 };
      const [count] = await db.query<{ total: number; serviceTotal: number }>(statements.count.text, statements.count.values, PREPARE);
      const items = await db.query<Service>(statements.page.text, statements.page.values, PREPARE);
      return { items, ...cappedTotal(count?.total), serviceTotal: Math.min(count?.serviceTotal ?? 0, LIST_TOTAL_CAP) };
    },

    /**
     * The pickers' lookup: services proper (groups are headings, not something to order), whose
     * name matches the query as the catalogue's search does, by name.
     */
    async lookup(query: string | undefined, limit: number) {
      const params: unknown[] = [];
      const add = (v: unknown) => `$${params.push(v)}`;
      const fromWhere = `from services s where s.parent_id is not null ${query !== undefined ? `and ${serviceTextMatch(['s.name'], query, add)}` : ''}`;
      const values = [...params];
      const items = await db.query<Service>(`select ${columns} ${fromWhere} order by ${nameSortKey('s.name')}, s.id limit ${add(limit)}`, params);
      return lookupPage(db, limit, items, () => ({ text: cappedCountSql(fromWhere), values }));
    },

    /** The services of one profile, by name. */
    async listByProfile(profileId: number): Promise<Service[]> {
      return db.query<Service>(
        `select ${columns} from services s join profile_services ps on ps.service_id = s.id
         where ps.profile_id = $1 order by ${nameSortKey('s.name')}, s.id`,
        [profileId],
      );
    },

    /**
     * A list filter's service ids, each group's with its services (a group in a filter means its
     * services, as its page's «Заявки по услугам группы» link lists them: QA XXX-3, where it found
     * nothing); ids that name nothing dropped. Sorted; empty when none names a service.
     */
    async withGroupServices(ids: readonly number[]): Promise<number[]> {
      const rows = await db.query<{ id: number }>('select id from services where id = any($1::int[]) or parent_id = any($1::int[]) order by id', [ids], PREPARE);
      return rows.map((row) => row.id);
    },

    async findById(id: number): Promise<Service | undefined> {
      if (!isStorableId(id)) return undefined;
      const [row] = await db.query<Service>(`select ${columns} from services s where s.id = $1`, [id]);
      return row;
    },
  };
}
export type ServiceRepository = ReturnType<typeof serviceRepository>;
