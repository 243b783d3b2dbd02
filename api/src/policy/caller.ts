import type { FastifyRequest } from 'fastify';
import type { ProfileType } from 'shared/contract';
import type { Queryable } from '../db';
import { profilesRepository } from '../modules/user/profiles-repository';
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

/** The caller as the database has him now: the profile list's rule decides which profile is his (profilesRepository). */
export async function loadCaller(db: Queryable, user: AuthUser): Promise<Caller | null> {
  const row = await profilesRepository(db).findActing(user.userId);
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
