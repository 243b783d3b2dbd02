import type { Address, Profile, ProfileType } from 'shared/contract';
import type { Queryable } from '../../db';

interface ProfileRow {
  id: number;
  userId: number;
  type: ProfileType;
  name: string;
  active: boolean;
  description: string | null;
  addressValue: string | null;
  cityFiasId: string | null;
  geoLat: number | null;
  geoLon: number | null;
  role: NonNullable<Profile['role']>;
}

export type OwnedProfile = Profile & { userId: number };

export interface ProfileChanges {
  name?: string;
  description?: string | null;
  address?: Address | null;
}

/** Whether user `u` may act as profile `p`: a personal profile is its user's, an organisation its members'. */
const mayActAs = `((p.type <> 'organization' and p.user_id = u.id)
  or (p.type = 'organization' and exists (select 1 from organization_members x where x.organization_id = p.id and x.user_id = u.id)))`;

/** User `u`'s part in profile `p` (`m`: his membership): `owner` of a personal one, `director` or `employee` of an organisation. */
const roleOf = `case when p.type <> 'organization' then 'owner' when m.director then 'director' else 'employee' end`;

const membership = `left join organization_members m on m.organization_id = p.id and m.user_id = u.id`;

/**
 * A profile as user `u` sees it: `active` is his choice, `role` his part in it. Its address is a
 * person's city, an organisation's legal address — or, with none, the city its «Город» names.
 */
const profileColumns = `p.id, p.user_id as "userId", p.type, p.name, coalesce(p.id = u.active_profile_id, false) as active,
  p.description, coalesce(p.address_value, p.city_name) as "addressValue", p.city_fias_id as "cityFiasId", p.geo_lat as "geoLat", p.geo_lon as "geoLon",
  ${roleOf} as role`;

/** The profiles user `$1` may act as: his personal ones and the organisations he is a member of. */
const visibleProfiles = `users u join profiles p on ${mayActAs} ${membership}`;

/** A user and the profile he acts as (null fields: none chosen, or one he may no longer act as). */
export interface ActingRow {
  userId: number;
  phone: string;
  userName: string;
  profileId: number | null;
  profileType: ProfileType | null;
  profileName: string | null;
  profileRole: NonNullable<Profile['role']> | null;
}

function toProfile(row: ProfileRow): OwnedProfile {
  const { addressValue, cityFiasId, geoLat, geoLon, ...rest } = row;
  return { ...rest, address: addressValue === null ? null : { value: addressValue, cityFiasId, geoLat, geoLon } };
}

/** The repository over the `profiles` table. */
export function profilesRepository(db: Queryable) {
  return {
    /**
     * The user with his active profile, by the same rule as the list: an organisation he has left
     * (its membership gone, `active_profile_id` still pointing at it) is no profile of his.
     */
    async findActing(userId: number): Promise<ActingRow | undefined> {
      const [row] = await db.query<ActingRow>(
        `select u.id as "userId", u.phone, u.name as "userName",
           p.id as "profileId", p.type as "profileType", p.name as "profileName", ${roleOf} as "profileRole"
         from users u left join profiles p on p.id = u.active_profile_id and ${mayActAs} ${membership}
         where u.id = $1`,
        [userId],
      );
      return row;
    },

    async listProfiles(userId: number): Promise<OwnedProfile[]> {
      const rows = await db.query<ProfileRow>(`select ${profileColumns} from ${visibleProfiles} where u.id = $1 order by p.id`, [userId]);
      return rows.map(toProfile);
    },

    /** A profile as `viewerId` sees it (`active`, `role`); undefined when he may not act as it or it does not exist. */
    async findProfile(id: number, viewerId: number): Promise<OwnedProfile | undefined> {
      const [row] = await db.query<ProfileRow>(`select ${profileColumns} from ${visibleProfiles} where u.id = $1 and p.id = $2`, [viewerId, id]);
      return row && toProfile(row);
    },

    /**
     * Takes profile `goneId` off as the active profile of the users acting as it (only `userId`,
     * where given), who are losing it: the organisation is deleted, or they are no longer its members.
     * Each falls back to a profile he may still act as, by `mayActAs` as the list shows them: his own
     * oldest personal profile first (the one he registered with, not some other employer's), else
     * the oldest organisation he is a member of, else none. One statement, in the caller's
     * transaction with the removal, so no request sees the user between the two.
     */
    async fallBackFrom(goneId: number, userId?: number): Promise<void> {
      const only = userId === undefined ? '' : 'and u.id = $2';
      await db.query(
        `update users u set active_profile_id = (
           select p.id from profiles p where p.id <> $1 and ${mayActAs}
           order by p.type = 'organization', p.id limit 1
         ), updated_at = now()
         where u.active_profile_id = $1 ${only}`,
        userId === undefined ? [goneId] : [goneId, userId],
      );
    },

    /** The type of profile `id` whoever's it is; undefined when there is none. */
    async profileType(id: number): Promise<'customer' | 'executor' | 'organization' | undefined> {
      const [row] = await db.query<{ type: 'customer' | 'executor' | 'organization' }>('select type from profiles where id = $1', [id]);
      return row?.type;
    },

    /**
     * How profile `id` is named on a document it pays (the invoice's «Покупатель»): its name and ИНН;
     * an organisation's КПП and legal address too. Undefined when there is none.
     */
    async payerDetails(id: number): Promise<{ name: string; inn: string | null; kpp: string | null; address: string | null } | undefined> {
      const [row] = await db.query<{ name: string; inn: string | null; kpp: string | null; address: string | null }>(
        `select name, inn, case when type = 'organization' then kpp end as kpp, case when type = 'organization' then address_value end as address
         from profiles where id = $1`,
        [id],
      );
      return row;
    },

    async findPersonalProfileId(userId: number, type: 'customer' | 'executor'): Promise<number | undefined> {
      const [row] = await db.query<{ id: number }>('select id from profiles where user_id = $1 and type = $2', [userId, type]);
      return row?.id;
    },

    async insertProfile(userId: number, type: 'customer' | 'executor', name: string): Promise<number> {
      const [row] = await db.query<{ id: number }>('insert into profiles (user_id, type, name) values ($1, $2, $3) returning id', [
        userId,
        type,
        name,
      ]);
      return row!.id;
    },

    /** Writes only the fields given; a null address clears all four address columns. */
    async updateProfile(id: number, changes: ProfileChanges): Promise<void> {
      const sets: string[] = [];
      const params: unknown[] = [];
      const set = (column: string, value: unknown) => {
        params.push(value);
        sets.push(`${column} = $${params.length}`);
      };
      if (changes.name !== undefined) set('name', changes.name);
      if (changes.description !== undefined) set('description', changes.description);
      if (changes.address !== undefined) {
        set('address_value', changes.address?.value ?? null);
        set('city_fias_id', changes.address?.cityFiasId ?? null);
        set('geo_lat', changes.address?.geoLat ?? null);
        set('geo_lon', changes.address?.geoLon ?? null);
      }
      if (sets.length === 0) return;
      params.push(id);
      await db.query(`update profiles set ${sets.join(', ')}, updated_at = now() where id = $${params.length}`, params);
    },

  };
}
export type ProfilesRepository = ReturnType<typeof profilesRepository>;
