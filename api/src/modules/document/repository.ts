import type { Queryable } from '../../db';

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

export function documentRepository(db: Queryable) {
  return {
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
