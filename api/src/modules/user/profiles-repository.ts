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
}

export type OwnedProfile = Profile & { userId: number };

export interface ProfileChanges {
  name?: string;
  description?: string | null;
  address?: Address | null;
}

const profileColumns = `p.id, p.user_id as "userId", p.type, p.name, coalesce(p.id = u.active_profile_id, false) as active,
  p.description, p.address_value as "addressValue", p.city_fias_id as "cityFiasId", p.geo_lat as "geoLat", p.geo_lon as "geoLon"`;

function toProfile(row: ProfileRow): OwnedProfile {
  const { addressValue, cityFiasId, geoLat, geoLon, ...rest } = row;
  return { ...rest, address: addressValue === null ? null : { value: addressValue, cityFiasId, geoLat, geoLon } };
}

/** The repository over the `profiles` table. */
export function profilesRepository(db: Queryable) {
  return {
    async listProfiles(userId: number): Promise<OwnedProfile[]> {
      const rows = await db.query<ProfileRow>(
        `select ${profileColumns} from profiles p join users u on u.id = p.user_id where p.user_id = $1 order by p.id`,
        [userId],
      );
      return rows.map(toProfile);
    },

    async findProfile(id: number): Promise<OwnedProfile | undefined> {
      const [row] = await db.query<ProfileRow>(
        `select ${profileColumns} from profiles p join users u on u.id = p.user_id where p.id = $1`,
        [id],
      );
      return row && toProfile(row);
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
