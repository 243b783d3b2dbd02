import type { DocumentInfo } from 'shared/contract';
import type { Queryable } from '../../db';
import { isoTimestamp } from '../../db/sql';

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
const infoColumns = `d.id, d.name, d.mime_type as "mimeType", d.size_bytes as "sizeBytes", d.public, ${isoTimestamp('d.created_at')} as "createdAt"`;

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
