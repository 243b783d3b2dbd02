import type { Address, DocumentInfo, NamedRef, ProfileFacilityListFilter, ProfileType } from 'shared/contract';
import { NAMED_APPLICATIONS_SHOWN } from 'shared/contract';
import type { Queryable } from '../../db';
import { containsPattern, isoTimestamp, nameSortKey, normText, rowOwner } from '../../db/sql';
import type { UploadedFile } from '../../providers/storage/upload';
import { addDocumentOnce } from '../document/repository';

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

/** What a facility's create or update writes. */
export interface FacilityWrite {
  name: string;
  typeId: number;
  description: string;
  address: Address;
}

/** A document of a facility with what an owner's download or delete needs. */
export interface FacilityDocumentRow {
  id: number;
  facilityId: number;
  profileId: number;
  name: string;
  storageKey: string;
  mimeType: string;
}

export interface MapPointRow {
  id: number;
  name: string;
  typeId: number;
  typeName: string;
  geoLat: number;
  geoLon: number;
}

const selectFacility = `select f.id, f.name, t.id as "typeId", t.name as "typeName", f.description,
    f.address_value as "addressValue", f.city_fias_id as "cityFiasId", f.geo_lat as "geoLat", f.geo_lon as "geoLon",
    p.id as "ownerId", p.name as "ownerName", p.type as "ownerType", p.user_id as "ownerUserId",
    ${isoTimestamp('f.created_at')} as "createdAt"
  from facilities f
  join facility_types t on t.id = f.type_id
  join profiles p on p.id = f.profile_id`;

const documentInfoColumns = `d.id, d.name, d.mime_type as "mimeType", d.size_bytes as "sizeBytes", d.public, ${isoTimestamp('d.created_at')} as "createdAt"`;

export function facilityRepository(db: Queryable) {
  return {
    async findById(id: number): Promise<FacilityRow | undefined> {
      const [row] = await db.query<FacilityRow>(`${selectFacility} where f.id = $1`, [id]);
      return row;
    },

    /** The active profile's facilities, a page of them and the total, by the list's sort. */
    async listByProfile(profileId: number, filter: ProfileFacilityListFilter): Promise<{ items: FacilityRow[]; total: number }> {
      const params: unknown[] = [profileId];
      const where = ['f.profile_id = $1'];
      if (filter.query) {
        // Case and ё/е do not matter; one profile's facilities are few, read by facilities_profile_idx.
        params.push(containsPattern(filter.query));
        where.push(`(${normText('f.name')} like $${params.length} or ${normText('f.address_value')} like $${params.length})`);
      }
      if (filter.typeId !== undefined) {
        params.push(filter.typeId);
        where.push(`f.type_id = $${params.length}`);
      }
      const whereSql = where.join(' and ');
      const dir = filter.typeSort === 'desc' ? 'desc' : 'asc';
      const order = { id: `f.id ${dir}`, name: `${nameSortKey('f.name')} ${dir}, f.id ${dir}`, createdAt: `f.created_at ${dir}, f.id ${dir}` }[filter.attributeSort];
      const [count] = await db.query<{ total: number }>(`select count(*)::int as total from facilities f where ${whereSql}`, params);
      const items = await db.query<FacilityRow>(
        `${selectFacility} where ${whereSql} order by ${order} limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, filter.limit, (filter.page - 1) * filter.limit],
      );
      return { items, total: count?.total ?? 0 };
    },

    /** Documents of several facilities (all of them: the owner's view), oldest first. */
    async documentsOf(facilityIds: number[]): Promise<Map<number, DocumentInfo[]>> {
      const out = new Map<number, DocumentInfo[]>(facilityIds.map((id) => [id, []]));
      if (facilityIds.length === 0) return out;
      const rows = await db.query<DocumentInfo & { facilityId: number }>(
        `select d.facility_id as "facilityId", ${documentInfoColumns} from facility_documents d
         where d.facility_id = any($1::int[]) order by d.created_at, d.id`,
        [facilityIds],
      );
      for (const { facilityId, ...doc } of rows) out.get(facilityId)?.push(doc);
      return out;
    },

    async types(): Promise<NamedRef[]> {
      return db.query<NamedRef>('select id, name from facility_types order by id');
    },

    async typeExists(id: number): Promise<boolean> {
      return (await db.query('select 1 from facility_types where id = $1', [id])).length > 0;
    },

    /** The profile holding the facility, or null when there is none; `lock` locks it for the write that follows. */
    async ownerOf(id: number, lock = false): Promise<number | null> {
      return rowOwner(db, 'facilities', 'profile_id', id, { lock });
    },

    /**
     * The new facility's id; undefined when the profile has made one with `clientKey` already (a
     * create of the same key at once waits for the other's commit, and then adds nothing).
     */
    async insert(profileId: number, f: FacilityWrite, clientKey?: string): Promise<number | undefined> {
      const [row] = await db.query<{ id: number }>(
        `insert into facilities (profile_id, type_id, name, description, address_value, city_fias_id, geo_lat, geo_lon, client_key)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (profile_id, client_key) where client_key is not null do nothing
         returning id`,
        [profileId, f.typeId, f.name, f.description, f.address.value, f.address.cityFiasId, f.address.geoLat, f.address.geoLon, clientKey ?? null],
      );
      return row?.id;
    },

    /** The profile's facility made with `clientKey`, if any. */
    async idByKey(profileId: number, clientKey: string): Promise<number | undefined> {
      const [row] = await db.query<{ id: number }>('select id from facilities where profile_id = $1 and client_key = $2', [profileId, clientKey]);
      return row?.id;
    },

    async update(id: number, f: FacilityWrite): Promise<void> {
      await db.query(
        `update facilities set type_id = $2, name = $3, description = $4, address_value = $5, city_fias_id = $6,
           geo_lat = $7, geo_lon = $8, updated_at = now()
         where id = $1`,
        [id, f.typeId, f.name, f.description, f.address.value, f.address.cityFiasId, f.address.geoLat, f.address.geoLon],
      );
    },

    /**
     * Records the files as documents of the facility, but not one the facility has already (same
     * content, name and visibility: `addDocumentOnce`); answers those files, whose stored copies
     * are not needed. Run in a transaction.
     */
    async insertDocuments(facilityId: number, files: readonly UploadedFile[], isPublic: boolean): Promise<UploadedFile[]> {
      const copies: UploadedFile[] = [];
      for (const file of files) {
        const { added } = await addDocumentOnce(db, 'facility_documents', { ownerId: facilityId, file, public: isPublic }, 'd.id');
        if (!added) copies.push(file);
      }
      return copies;
    },

    /**
     * The applications (in any status, drafts too) that name the facility: the numbers of the first
     * `limit`, oldest first, and how many there are.
     */
    async linkedApplications(id: number, limit = NAMED_APPLICATIONS_SHOWN): Promise<{ numbers: number[]; total: number }> {
      const rows = await db.query<{ number: number; total: number }>(
        'select number, count(*) over ()::int as total from applications where facility_id = $1 order by id limit $2',
        [id, limit],
      );
      return { numbers: rows.map((r) => r.number), total: rows[0]?.total ?? 0 };
    },

    /** Deletes the facility with its documents; answers the documents' storage keys. */
    async delete(id: number): Promise<string[]> {
      const docs = await db.query<{ storageKey: string }>('delete from facility_documents where facility_id = $1 returning storage_key as "storageKey"', [id]);
      await db.query('delete from facilities where id = $1', [id]);
      return docs.map((d) => d.storageKey);
    },

    async findDocument(id: number, lock = false): Promise<FacilityDocumentRow | undefined> {
      const [row] = await db.query<FacilityDocumentRow>(
        `select d.id, d.facility_id as "facilityId", f.profile_id as "profileId", d.name, d.storage_key as "storageKey", d.mime_type as "mimeType"
         from facility_documents d join facilities f on f.id = d.facility_id where d.id = $1${lock ? ' for update of d' : ''}`,
        [id],
      );
      return row;
    },

    /** Deletes a document; its facility counts as changed (the public page and the sitemap's lastmod). */
    async deleteDocument(id: number): Promise<void> {
      await db.query(
        `with gone as (delete from facility_documents where id = $1 returning facility_id)
         update facilities set updated_at = now() where id in (select facility_id from gone)`,
        [id],
      );
    },

    /**
     * Sets a document's visibility in one statement guarded by its facility's profile: another
     * profile's or a missing document answers undefined and changes nothing. The facility counts
     * as changed (what its public page lists, the sitemap's lastmod).
     */
    async setDocumentPublic(id: number, profileId: number, isPublic: boolean): Promise<DocumentInfo | undefined> {
      const [row] = await db.query<DocumentInfo>(
        `with d as (
           update facility_documents x set public = $3 from facilities f
           where x.id = $1 and f.id = x.facility_id and f.profile_id = $2
           returning x.*
         ), touched as (update facilities set updated_at = now() where id in (select facility_id from d))
         select ${documentInfoColumns} from d`,
        [id, profileId, isPublic],
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
