import type { ProfileType } from 'shared/contract';
import type { Queryable } from '../../db';
import { isoTimestamp } from '../../db/sql';

export interface FacilityRow {
  id: number;
  name: string;
  typeId: number;
  typeName: string;
  description: string;
  addressValue: string;
  cityFiasId: string | null;
  geoLat: number | null;
  geoLon: number | null;
  ownerId: number;
  ownerName: string;
  ownerType: ProfileType;
  ownerUserId: number;
  createdAt: string;
}

export interface MapPointRow {
  id: number;
  name: string;
  typeId: number;
  typeName: string;
  geoLat: number;
  geoLon: number;
}

export function facilityRepository(db: Queryable) {
  return {
    async findById(id: number): Promise<FacilityRow | undefined> {
      const [row] = await db.query<FacilityRow>(
        `select f.id, f.name, t.id as "typeId", t.name as "typeName", f.description,
           f.address_value as "addressValue", f.city_fias_id as "cityFiasId", f.geo_lat as "geoLat", f.geo_lon as "geoLon",
           p.id as "ownerId", p.name as "ownerName", p.type as "ownerType", p.user_id as "ownerUserId",
           ${isoTimestamp('f.created_at')} as "createdAt"
         from facilities f
         join facility_types t on t.id = f.type_id
         join profiles p on p.id = f.profile_id
         where f.id = $1`,
        [id],
      );
      return row;
    },

    /** Facilities that can be drawn: both coordinates known; oldest first so pages are stable. */
    async mapPoints(limit: number): Promise<MapPointRow[]> {
      return db.query<MapPointRow>(
        `select f.id, f.name, t.id as "typeId", t.name as "typeName", f.geo_lat as "geoLat", f.geo_lon as "geoLon"
         from facilities f join facility_types t on t.id = f.type_id
         where f.geo_lat is not null and f.geo_lon is not null
         order by f.id
         limit $1`,
        [limit],
      );
    },
  };
}
export type FacilityRepository = ReturnType<typeof facilityRepository>;
