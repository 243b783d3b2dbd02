import type { FastifyRequest } from 'fastify';
import { PROFILE_CHANGED_CODE, profileLabel, PROFILE_ID_HEADER, quoted, type ProfileType } from 'shared/contract';
import type { Queryable } from '../db';
import { isStorableId } from '../db/sql';
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

const activeNow = (now: Caller['profile']) => (now ? `сейчас ${quoted(profileLabel(now))}` : 'активного профиля нет');

export const ACTING_PROFILE_MESSAGES = {
  changed: (now: Caller['profile']) =>
    `Активный профиль сменился в другой вкладке или на другом устройстве: ${activeNow(now)}. Проверьте, от чьего имени вы действуете, и повторите.`,
  /** The profile the tab shows is no longer his (removed from the organisation, or it was deleted): nobody switched (QA VV-4). */
  lost: (now: Caller['profile']) =>
    `Профиль, открытый на этой странице, вам больше недоступен: ${activeNow(now)}. Проверьте, от чьего имени вы действуете, и повторите.`,
  malformed: 'Некорректный заголовок X-Profile-Id: обновите страницу и повторите',
} as const;

/**
 * A call sent with `X-Profile-Id` (the profile the page shows) acts as that profile or not at all:
 * the active profile is the user's, and a tab that has not yet heard of a switch made in another
 * tab or on another device would otherwise write as the other profile (QA RR-1), or read the other
 * profile's requisites, history and lists and show them under this one's header (QA TT-2). 409
 * `profile_changed` naming the profile active now (the tab then catches up), and saying so when the
 * one shown is no longer the user's; no header, no check; a header that is not a positive integer, a 422.
 */
export async function assertActingAs(db: Queryable, caller: Caller, request: FastifyRequest): Promise<void> {
  const header = request.headers[PROFILE_ID_HEADER.toLowerCase()];
  if (header === undefined) return;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!/^[1-9]\d{0,15}$/.test(value.trim())) throw new AppError(422, 'validation', ACTING_PROFILE_MESSAGES.malformed);
  const shown = Number(value);
  if (shown === caller.profile?.id) return;
  // An id past the `integer` column is well-formed and names no profile: not asked of the database (QA ZZ-2).
  const stillHis = isStorableId(shown) && (await profilesRepository(db).findProfile(shown, caller.userId)) !== undefined;
  throw new AppError(409, PROFILE_CHANGED_CODE, (stillHis ? ACTING_PROFILE_MESSAGES.changed : ACTING_PROFILE_MESSAGES.lost)(caller.profile));
}
