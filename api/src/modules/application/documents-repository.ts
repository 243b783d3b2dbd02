import type { DocumentInfo } from 'shared/contract';
import type { Queryable } from '../../db';
import { isoTimestamp } from '../../db/sql';

export function applicationDocumentRepository(db: Queryable) {
  return {
    /** The documents anyone may see on the application's public page, oldest first. */
    async listPublic(applicationId: number): Promise<DocumentInfo[]> {
      return db.query<DocumentInfo>(
        `select d.id, d.name, d.mime_type as "mimeType", d.size_bytes as "sizeBytes", d.public,
           ${isoTimestamp('d.created_at')} as "createdAt"
         from application_documents d
         where d.application_id = $1 and d.public
         order by d.created_at, d.id`,
        [applicationId],
      );
    },
  };
}
export type ApplicationDocumentRepository = ReturnType<typeof applicationDocumentRepository>;
