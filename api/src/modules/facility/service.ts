import type { Queryable } from '../../db';
import type { Facility } from 'shared/contract';
import { notFound } from '../../http/errors';
import { findByRequestId } from '../../db/sql';
import { documentRepository } from '../document/repository';
import { facilityRepository } from './repository';

export function facilityService({ db }: { db: Queryable }) {
  const repo = facilityRepository(db);
  const documents = documentRepository(db);
  return {
    /**
     * The facility page. The owner is the user holding the facility's profile (any of the
     * caller's profiles, since the active one may change): they see every document, anyone
     * else only the public ones.
     */
    async get(id: number, callerUserId: number | null): Promise<Facility> {
      const row = await findByRequestId(id, repo.findById);
      if (!row) throw notFound('Объект не найден');
      const isOwner = callerUserId !== null && callerUserId === row.ownerUserId;
      return {
        id: row.id,
        name: row.name,
        type: { id: row.typeId, name: row.typeName },
        description: row.description,
        address: { value: row.addressValue, cityFiasId: row.cityFiasId, geoLat: row.geoLat, geoLon: row.geoLon },
        owner: { id: row.ownerId, name: row.ownerName, type: row.ownerType },
        documents: await documents.listFacilityDocuments(row.id, !isOwner),
        createdAt: row.createdAt,
      };
    },

    async map(limit: number) {
      const rows = await repo.mapPoints(limit);
      return {
        items: rows.map((r) => ({ id: r.id, name: r.name, type: { id: r.typeId, name: r.typeName }, geoLat: r.geoLat, geoLon: r.geoLon })),
      };
    },
  };
}
