import type { FastifyRequest } from 'fastify';
import { PROFILE_CHANGED_CODE, profileLabel, PROFILE_ID_HEADER, type ProfileType } from 'shared/contract';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
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

export const ACTING_PROFILE_MESSAGES = {
  changed: (now: Caller['profile']) =>
    `Активный профиль сменился в другой вкладке или на другом устройстве: ${now ? `сейчас «${profileLabel(now)}»` : 'активного профиля нет'}. Проверьте, от чьего имени вы действуете, и повторите.`,
  malformed: 'Некорректный заголовок X-Profile-Id: обновите страницу и повторите',
} as const;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A write sent with `X-Profile-Id` (the profile the page shows) acts as that profile or not at all:
 * the active profile is the user's, and a tab that has not yet heard of a switch made in another
 * tab or on another device would otherwise write as the other profile (QA RR-1). 409
 * `profile_changed` naming the profile active now; no header, no check; a header that is not a
 * positive integer, a 422.
 */
export function assertActingAs(caller: Caller, request: FastifyRequest): void {
  if (!WRITES.has(request.method)) return;
  const header = request.headers[PROFILE_ID_HEADER.toLowerCase()];
  if (header === undefined) return;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!/^[1-9]\d{0,15}$/.test(value.trim())) throw new AppError(422, 'validation', ACTING_PROFILE_MESSAGES.malformed);
  if (Number(value) !== caller.profile?.id) throw new AppError(409, PROFILE_CHANGED_CODE, ACTING_PROFILE_MESSAGES.changed(caller.profile));
}
