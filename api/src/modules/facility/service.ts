import type { FastifyBaseLogger } from 'fastify';
import {
  FACILITY_CHANGED,
  FACILITY_MESSAGES,
  facilityLinkedMessage,
  facilitySeenOf,
  sameFacilitySeen,
  type Facility,
  type FacilityCreateFields,
  type FacilityFields,
  type FacilitySeen,
  type ProfileFacilityListFilter,
} from 'shared/contract';
import type { Db, Queryable } from '../../db';
import { findByRequestId, isStorableId } from '../../db/sql';
import { AppError, notFound } from '../../http/errors';
import type { Caller } from '../../policy/caller';
import { activeProfile, ownRow, type ActiveProfile } from '../../policy/cabinet';
import type { FileStorage } from '../../providers/storage';
import type { Download } from '../../providers/storage/attachment';
import { keepingFiles, removeFiles, type UploadedFile } from '../../providers/storage/upload';
import type { RequestCounts } from '../auth/rate-limit/flood-limits';
import { documentRepository } from '../document/repository';
import { facilityRepository, type FacilityDocumentRow, type FacilityRow } from './repository';

export interface FacilityServiceDeps {
  db: Db;
  /** Needed by the cabinet's writes and the owner's download; the public reads do without. */
  storage?: FileStorage;
  log?: FastifyBaseLogger;
}

/** 403 of a cabinet call on another profile's facility (ARCHITECTURE §8: a call by anyone else). */
export const FACILITY_FORBIDDEN_MESSAGE = 'Объект принадлежит другому профилю';
/** 403 of a cabinet call on a document of another profile's facility (the public download stays open). */
export const FACILITY_DOCUMENT_FORBIDDEN_MESSAGE = 'Документ принадлежит другому профилю';
const DOCUMENT_ROW = { notFound: FACILITY_MESSAGES.documentNotFound, forbidden: FACILITY_DOCUMENT_FORBIDDEN_MESSAGE };

/** An update's fields: the facility's own, its id, and what its form saw of it (`seen`, optional). */
type UpdateFields = FacilityFields & { id: number; seen?: FacilitySeen | undefined };

const typeRefused = () => new AppError(422, 'validation', FACILITY_MESSAGES.typeRequired, { typeId: FACILITY_MESSAGES.typeRequired });

function shape(row: FacilityRow, documents: Facility['documents'], editable: boolean): Facility {
  return {
    id: row.id,
    name: row.name,
    type: { id: row.typeId, name: row.typeName },
    description: row.description,
    address: { value: row.addressValue, cityFiasId: row.cityFiasId, geoLat: row.geoLat, geoLon: row.geoLon },
    owner: { id: row.ownerId, name: row.ownerName, type: row.ownerType },
    documents,
    createdAt: row.createdAt,
    editable,
  };
}

/**
 * Facilities (ARCHITECTURE §8 "Cabinet", spec §7 "Facility"). A facility belongs to a profile;
 * whoever acts as that profile (a personal profile's owner, an organisation's director or
 * employee: the caller's active profile, membership checked by `callerOf`) manages it and sees
 * its private documents. Anyone else sees the facility page with the public documents only, and
 * gets a 403 from the cabinet's calls on the facility and its documents (ARCHITECTURE §8: a call
 * by anyone else), a 404 when there is no such facility or document. Received files are stored before the transaction that records
 * them (a stream cannot wait on a row lock) and removed when it fails; a deleted facility's or
 * document's files are removed after the commit.
 */
export function facilityService({ db, storage, log }: FacilityServiceDeps) {
  const repo = facilityRepository(db);
  const documents = documentRepository(db);

  const store = (): FileStorage => {
    if (!storage) throw new Error('facility service built without storage');
    return storage;
  };
  const warnOrphan = (key: string, error: unknown) => log?.warn({ err: error, storageKey: key }, 'facility file left in storage');

  /** Runs the write that records received files; when it fails, the files go too. */
  const recording = <T>(files: readonly UploadedFile[], write: () => Promise<T>): Promise<T> => keepingFiles(store(), files, write, warnOrphan);

  /** The facility as its profile sees it (every document). */
  async function owned(id: number): Promise<Facility> {
    const row = await repo.findById(id);
    if (!row) throw notFound(FACILITY_MESSAGES.notFound);
    const docs = await repo.documentsOf([row.id]);
    return shape(row, docs.get(row.id) ?? [], true);
  }

  /** 404 for no such facility, 403 for another profile's; `lock` holds the row for the write that follows. */
  async function ensureOwned(q: Queryable, id: number, profile: ActiveProfile, lock: boolean): Promise<void> {
    ownRow(await facilityRepository(q).ownerOf(id, lock), profile, { notFound: FACILITY_MESSAGES.notFound, forbidden: FACILITY_FORBIDDEN_MESSAGE });
  }

  /** The document of a facility of the active profile: 404 for no such document, 403 for another profile's. */
  async function ownedDocument(q: Queryable, id: number, profile: ActiveProfile, lock = false): Promise<FacilityDocumentRow> {
    const doc = await findByRequestId(id, (i) => facilityRepository(q).findDocument(i, lock));
    ownRow(doc?.profileId ?? null, profile, DOCUMENT_ROW);
    return doc!;
  }

  async function ensureType(q: Queryable, typeId: number): Promise<void> {
    if (!isStorableId(typeId) || !(await facilityRepository(q).typeExists(typeId))) throw typeRefused();
  }

  /** 409 FACILITY_CHANGED when the form that sends the update saw other fields than the facility has now. */
  async function ensureAsSeen(q: Queryable, id: number, seen: FacilitySeen | undefined): Promise<void> {
    if (seen === undefined) return;
    const row = await facilityRepository(q).findById(id);
    if (row && !sameFacilitySeen(facilitySeenOf(shape(row, [], true)), seen)) throw new AppError(409, FACILITY_CHANGED, FACILITY_MESSAGES.changed);
  }

  const write = (f: FacilityFields) => ({ name: f.name, typeId: f.typeId, description: f.description, address: f.address });

  return {
    /**
     * The facility page: anyone sees it with its public documents; the caller acting as the
     * facility's profile sees every document and `editable: true`.
     */
    async get(id: number, caller: Caller | null): Promise<Facility> {
      const row = await findByRequestId(id, repo.findById);
      if (!row) throw notFound(FACILITY_MESSAGES.notFound);
      const editable = caller?.profile != null && caller.profile.id === row.ownerId;
      return shape(row, await documents.listFacilityDocuments(row.id, !editable), editable);
    },

    async map(limit: number) {
      const rows = await repo.mapPoints(limit);
      return {
        items: rows.map((r) => ({ id: r.id, name: r.name, type: { id: r.typeId, name: r.typeName }, geoLat: r.geoLat, geoLon: r.geoLon })),
      };
    },

    async types() {
      return { items: await repo.types() };
    },

    async list(caller: Caller, filter: ProfileFacilityListFilter) {
      const profile = activeProfile(caller);
      if (filter.typeId !== undefined && !isStorableId(filter.typeId)) return { items: [], total: 0, page: filter.page, limit: filter.limit };
      const { items, total } = await repo.listByProfile(profile.id, filter);
      const docs = await repo.documentsOf(items.map((r) => r.id));
      return { items: items.map((r) => shape(r, docs.get(r.id) ?? [], true)), total, page: filter.page, limit: filter.limit };
    },

    /** The checks of a create before any file is stored. */
    async checkCreate(caller: Caller, fields: FacilityFields): Promise<void> {
      activeProfile(caller);
      await ensureType(db, fields.typeId);
    },

    /**
     * With a `clientKey` the profile has created with before (a create sent again after one whose
     * answer was lost), the answer is that facility: nothing is added, the files sent along go, and
     * they are not counted against the flood limits (`counts` go back).
     */
    async create(caller: Caller, fields: FacilityCreateFields, files: readonly UploadedFile[], counts: RequestCounts) {
      const profile = activeProfile(caller);
      const { id, made, copies } = await recording(files, () =>
        db.transaction(async (tx) => {
          await ensureType(tx, fields.typeId);
          const r = facilityRepository(tx);
          const facilityId = await r.insert(profile.id, write(fields), fields.clientKey);
          if (facilityId === undefined) {
            // Deleted since (another tab): there is no facility of that create to answer.
            const earlier = await r.idByKey(profile.id, fields.clientKey!);
            if (earlier === undefined) throw notFound(FACILITY_MESSAGES.notFound);
            return { id: earlier, made: false, copies: [] };
          }
          // The same file twice in one form is one document.
          return { id: facilityId, made: true, copies: await r.insertDocuments(facilityId, files, fields.public) };
        }),
      );
      // The facility made before keeps its own documents: these were stored for nothing.
      if (!made) await Promise.all([removeFiles(store(), files, warnOrphan), counts.giveBack()]);
      else if (copies.length > 0) await removeFiles(store(), copies, warnOrphan);
      return { data: await owned(id), message: FACILITY_MESSAGES.created };
    },

    /** The checks of an update before any file is stored: 404 for no such facility, 403 for another profile's. */
    async checkUpdate(caller: Caller, fields: UpdateFields): Promise<void> {
      const profile = activeProfile(caller);
      await ensureOwned(db, fields.id, profile, false);
      await ensureType(db, fields.typeId);
      await ensureAsSeen(db, fields.id, fields.seen);
    },

    /**
     * Replaces the fields; the files sent along join the documents with the visibility `public`.
     * A file the facility has already (an update sent again after its answer was lost, or the same
     * file chosen again) is not added twice: its stored copy goes, and when no file sent was new,
     * they are not counted against the flood limits (`counts` go back).
     */
    async update(caller: Caller, fields: UpdateFields, files: readonly UploadedFile[], counts?: RequestCounts) {
      const profile = activeProfile(caller);
      const copies = await recording(files, () =>
        db.transaction(async (tx) => {
          await ensureOwned(tx, fields.id, profile, true);
          await ensureType(tx, fields.typeId);
          // Under the row's lock: two saves made on the same view, the second is refused, not written over the first.
          await ensureAsSeen(tx, fields.id, fields.seen);
          const r = facilityRepository(tx);
          await r.update(fields.id, write(fields));
          return r.insertDocuments(fields.id, files, fields.public);
        }),
      );
      if (copies.length > 0) await Promise.all([removeFiles(store(), copies, warnOrphan), copies.length === files.length ? counts?.giveBack() : undefined]);
      return { data: await owned(fields.id), message: FACILITY_MESSAGES.saved };
    },

    /** 409 while an application links the facility; else it goes with its documents (files after the commit). */
    async remove(caller: Caller, id: number) {
      const profile = activeProfile(caller);
      const keys = await db.transaction(async (tx) => {
        await ensureOwned(tx, id, profile, true);
        const r = facilityRepository(tx);
        const linked = await r.linkedApplications(id);
        if (linked.total > 0) throw new AppError(409, 'conflict', facilityLinkedMessage(linked.numbers, linked.total));
        return r.delete(id);
      });
      await removeFiles(store(), keys.map((key) => ({ key })), warnOrphan);
      return { data: { id }, message: FACILITY_MESSAGES.deleted };
    },

    async removeDocument(caller: Caller, documentId: number) {
      const profile = activeProfile(caller);
      const key = await db.transaction(async (tx) => {
        const doc = await ownedDocument(tx, documentId, profile, true);
        await facilityRepository(tx).deleteDocument(doc.id);
        return doc.storageKey;
      });
      await removeFiles(store(), [{ key }], warnOrphan);
      return { data: { id: documentId }, message: FACILITY_MESSAGES.documentDeleted };
    },

    /** Public or private from now on; the public page shows the change at once (any write clears its cache). */
    async setDocumentPublic(caller: Caller, documentId: number, isPublic: boolean) {
      const profile = activeProfile(caller);
      await ownedDocument(db, documentId, profile);
      // Still guarded by the profile: a document deleted since is a 404.
      const doc = await repo.setDocumentPublic(documentId, profile.id, isPublic);
      if (!doc) throw notFound(FACILITY_MESSAGES.documentNotFound);
      return { data: doc, message: isPublic ? FACILITY_MESSAGES.documentPublic : FACILITY_MESSAGES.documentPrivate };
    },

    /** Any document (private ones too) of the active profile's facility. */
    async downloadDocument(caller: Caller, documentId: number): Promise<Download> {
      const profile = activeProfile(caller);
      const doc = await ownedDocument(db, documentId, profile);
      const file = await store().read(doc.storageKey);
      if (!file) {
        log?.warn({ documentId: doc.id, storageKey: doc.storageKey }, 'document file is missing');
        throw notFound(FACILITY_MESSAGES.documentNotFound);
      }
      return { file, name: doc.name, mime: doc.mimeType };
    },
  };
}
export type FacilityService = ReturnType<typeof facilityService>;
