import type { DocumentInfo } from 'shared/contract';
import type { Queryable } from '../../db';
import { isoTimestamp } from '../../db/sql';
import type { UploadedFile } from '../../providers/storage/upload';

/** What a public download needs to decide and to answer. */
export interface DownloadableDocument {
  id: number;
  name: string;
  storageKey: string;
  mimeType: string;
  public: boolean;
  /** False when the document's owner (an application that is not published) hides it. */
  ownerVisible: boolean;
}

const columns = `d.id, d.name, d.storage_key as "storageKey", d.mime_type as "mimeType", d.public`;

/** A document as pages list it (the contract's DocumentInfo). */
export const infoColumns = `d.id, d.name, d.mime_type as "mimeType", d.size_bytes as "sizeBytes", d.public, ${isoTimestamp('d.created_at')} as "createdAt"`;

/** The tables of documents an upload adds to, each with the column naming the document's owner. */
const DOCUMENT_OWNERS = { application_documents: 'application_id', facility_documents: 'facility_id', organization_documents: 'organization_id' } as const;
export type OwnedDocumentTable = keyof typeof DOCUMENT_OWNERS;

/** A received file to record as a document of `ownerId`; `public` where the table has the flag. */
export interface NewDocument {
  ownerId: number;
  file: UploadedFile;
  public?: boolean;
  createdAt?: string;
}

/**
 * Records a received file as a document of its owner, unless the owner has one of the same content
 * (SHA-256), name and visibility already: then the answer is that one and `added` is false (the
 * caller removes the copy just stored). So an upload sent again after its answer was lost, or the
 * same file chosen again, leaves one document (QA CCC-2). `columns` shape the answer (alias `d`).
 * Run it in the transaction that records the upload: the owner's uploads take a lock of their own
 * until it ends, so two identical uploads at once give one row as well.
 */
export async function addDocumentOnce<T>(db: Queryable, table: OwnedDocumentTable, doc: NewDocument, columns: string): Promise<{ document: T; added: boolean }> {
  const owner = DOCUMENT_OWNERS[table];
  await db.query(`select pg_advisory_xact_lock(hashtext('${table}'), $1)`, [doc.ownerId]);
  const hasPublic = doc.public !== undefined;
  const [same] = await db.query<T>(
    `select ${columns} from ${table} d where d.${owner} = $1 and d.name = $2 and d.sha256 = $3${hasPublic ? ' and d.public = $4' : ''} order by d.id limit 1`,
    hasPublic ? [doc.ownerId, doc.file.name, doc.file.sha256, doc.public] : [doc.ownerId, doc.file.name, doc.file.sha256],
  );
  if (same) return { document: same, added: false };
  const values: Record<string, unknown> = {
    [owner]: doc.ownerId,
    name: doc.file.name,
    storage_key: doc.file.key,
    mime_type: doc.file.mime,
    size_bytes: doc.file.sizeBytes,
    sha256: doc.file.sha256,
  };
  if (hasPublic) values.public = doc.public;
  if (doc.createdAt !== undefined) values.created_at = doc.createdAt;
  const names = Object.keys(values);
  const [row] = await db.query<T>(
    `insert into ${table} as d (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')}) returning ${columns}`,
    Object.values(values),
  );
  return { document: row!, added: true };
}

/** The one repository over `facility_documents` and `application_documents`: lists and downloads. */
export function documentRepository(db: Queryable) {
  return {
    /** A facility's documents, oldest first; `onlyPublic` for anyone but the owner. */
    async listFacilityDocuments(facilityId: number, onlyPublic: boolean): Promise<DocumentInfo[]> {
      return db.query<DocumentInfo>(
        `select ${infoColumns} from facility_documents d
         where d.facility_id = $1 and (d.public or not $2::boolean)
         order by d.created_at, d.id`,
        [facilityId, onlyPublic],
      );
    },

    /** An application's documents, oldest first; `onlyPublic` for anyone but the deal's parties. */
    async listApplicationDocuments(applicationId: number, onlyPublic: boolean): Promise<DocumentInfo[]> {
      return db.query<DocumentInfo>(
        `select ${infoColumns} from application_documents d
         where d.application_id = $1 and (d.public or not $2::boolean)
         order by d.created_at, d.id`,
        [applicationId, onlyPublic],
      );
    },

    async findFacilityDocument(id: number): Promise<DownloadableDocument | undefined> {
      // Facility pages are public, so a facility never hides its documents.
      const [row] = await db.query<DownloadableDocument>(`select ${columns}, true as "ownerVisible" from facility_documents d where d.id = $1`, [id]);
      return row;
    },

    async findApplicationDocument(id: number): Promise<DownloadableDocument | undefined> {
      const [row] = await db.query<DownloadableDocument>(
        `select ${columns}, a.status = 'published' as "ownerVisible"
         from application_documents d join applications a on a.id = d.application_id where d.id = $1`,
        [id],
      );
      return row;
    },
  };
}
export type DocumentRepository = ReturnType<typeof documentRepository>;
