import type { FastifyRequest } from 'fastify';
import type { ProfileType } from 'shared/contract';
import type { Queryable } from '../db';
import type { AuthUser } from '../plugins/auth';

/**
 * Who makes a request, resolved once: the user, and the active profile it acts as (ARCHITECTURE
 * §8: every lk call acts as the caller's active profile). The policy functions decide from this
 * value alone, so no service or query asks "who is this" again.
 */
export interface Caller {
  userId: number;
  phone: string;
  userName: string;
  /**
   * Null until the user has chosen (or created) a profile. `role`: `owner` of a personal profile,
   * or the `director` or an `employee` of an organisation profile (organization_members).
   */
  profile: { id: number; type: ProfileType; name: string; role: ProfileRole } | null;
}

export type ProfileRole = 'owner' | 'director' | 'employee';

interface CallerRow {
  userId: number;
  phone: string;
  userName: string;
  profileId: number | null;
  profileType: ProfileType | null;
  profileName: string | null;
  profileRole: ProfileRole | null;
}

export async function loadCaller(db: Queryable, user: AuthUser): Promise<Caller | null> {
  const [row] = await db.query<CallerRow>(
    `select u.id as "userId", u.phone, u.name as "userName",
       p.id as "profileId", p.type as "profileType", p.name as "profileName",
       case when p.type <> 'organization' then 'owner' when m.director then 'director' else 'employee' end as "profileRole"
     from users u
     left join organization_members m on m.organization_id = u.active_profile_id and m.user_id = u.id
     -- A personal profile is its user's; an organisation is acted for by its members only.
     left join profiles p on p.id = u.active_profile_id
       and (case when p.type = 'organization' then m.user_id is not null else p.user_id = u.id end)
     where u.id = $1`,
    [user.userId],
  );
  if (!row) return null;
  const profile = row.profileId !== null ? { id: row.profileId, type: row.profileType!, name: row.profileName!, role: row.profileRole! } : null;
  return { userId: row.userId, phone: row.phone, userName: row.userName, profile };
}

const cache = new WeakMap<FastifyRequest, Promise<Caller | null>>();

/** The request's caller, read from the database at most once per request. */
export function callerOf(request: FastifyRequest, db: Queryable, user: AuthUser | null): Promise<Caller | null> {
  if (!user) return Promise.resolve(null);
  let pending = cache.get(request);
  if (!pending) {
    pending = loadCaller(db, user);
    cache.set(request, pending);
  }
  return pending;
}
