import type { Service } from 'shared/contract';
import type { Queryable } from '../../db';
import { cappedCountSql, cappedTotal, containsPattern, isStorableId, nameSortKey, normText, PREPARE } from '../../db/sql';

export interface ServiceFilter {
  page: number;
  limit: number;
  query?: string;
  parentId?: number;
}

const columns = `s.id, s.name, s.parent_id as "parentId", s.group_name as "group"`;

/**
 * PostgreSQL's integer ends here: a larger id from a query string names no row, and binding it
 * to an integer column would fail the statement, so callers answer "not found" first.
 */
export function serviceRepository(db: Queryable) {
  return {
    async list(filter: ServiceFilter): Promise<{ items: Service[]; total: number; totalExact: boolean }> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (filter.query) {
        // Case and ё/е do not matter. The catalogue is a few dozen rows: no index is worth it.
        params.push(containsPattern(filter.query));
        where.push(`(${normText('s.name')} like $${params.length} or ${normText('s.group_name')} like $${params.length})`);
      }
      if (filter.parentId !== undefined) {
        if (!isStorableId(filter.parentId)) return { items: [], total: 0, totalExact: true };
        params.push(filter.parentId);
        where.push(`s.parent_id = $${params.length}`);
      }
      const whereSql = where.length ? `where ${where.join(' and ')}` : '';
      const [count] = await db.query<{ total: number }>(cappedCountSql(`from services s ${whereSql}`), params, PREPARE);
      // By group, the group itself first, then its services by name: a page of the catalogue shows
      // whole groups under their headings (sorted by name alone, a group's services fell on every page).
      const items = await db.query<Service>(
        `select ${columns} from services s ${whereSql}
         order by ${nameSortKey('coalesce(s.group_name, s.name)')}, s.parent_id nulls first, ${nameSortKey('s.name')}, s.id
         limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, filter.limit, (filter.page - 1) * filter.limit],
        PREPARE,
      );
      return { items, ...cappedTotal(count?.total) };
    },

    /**
     * The pickers' lookup: services proper (groups are headings, not something to order), whose
     * name contains the query, by name. The catalogue is a few dozen rows, so ILIKE is enough.
     */
    async lookup(query: string | undefined, limit: number): Promise<Service[]> {
      const params: unknown[] = [limit];
      let match = '';
      if (query !== undefined) {
        params.push(containsPattern(query));
        match = `and ${normText('s.name')} like $2`;
      }
      return db.query<Service>(
        `select ${columns} from services s where s.parent_id is not null ${match}
         order by ${nameSortKey('s.name')}, s.id limit $1`,
        params,
      );
    },

    /** The services of one profile, by name. */
    async listByProfile(profileId: number): Promise<Service[]> {
      return db.query<Service>(
        `select ${columns} from services s join profile_services ps on ps.service_id = s.id
         where ps.profile_id = $1 order by ${nameSortKey('s.name')}, s.id`,
        [profileId],
      );
    },

    async findById(id: number): Promise<Service | undefined> {
      if (!isStorableId(id)) return undefined;
      const [row] = await db.query<Service>(`select ${columns} from services s where s.id = $1`, [id]);
      return row;
    },
  };
}
export type ServiceRepository = ReturnType<typeof serviceRepository>;
