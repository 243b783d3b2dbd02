import { notFound } from '../../http/errors';
import { findByRequestId } from '../../db/sql';
import type { Queryable } from '../../db';
import { documentRepository, type DownloadableDocument } from './repository';
import type { FileStorage, StoredFile } from '../../providers/storage';

export const DOCUMENT_NOT_FOUND = 'Документ не найден';

export interface PublicDownload {
  document: DownloadableDocument;
  file: StoredFile;
}

export interface DocumentServiceDeps {
  db: Queryable;
  storage: FileStorage;
}

/** Whose documents a public download reads. */
export type DocumentOwner = 'facility' | 'application';

export function documentService({ db, storage }: DocumentServiceDeps) {
  const documents = documentRepository(db);
  const finders = { facility: documents.findFacilityDocument, application: documents.findApplicationDocument };
  return {
    /**
     * The rules of a public download: a missing document, one whose owner is hidden from the
     * public (an application that is not published), and one that is not public are alike not
     * found: a 403 told a stranger that a private document stood at that (sequential) id (QA P-8).
     * A row whose file is gone is not found either (and worth a log line).
     */
    async publicDownload(
      owner: DocumentOwner,
      id: number,
      onMissingFile: (doc: DownloadableDocument) => void = () => {},
    ): Promise<PublicDownload> {
      const document = await findByRequestId(id, finders[owner]);
      if (!document || !document.ownerVisible || !document.public) throw notFound(DOCUMENT_NOT_FOUND);
      const file = await storage.read(document.storageKey);
      if (!file) {
        onMissingFile(document);
        throw notFound(DOCUMENT_NOT_FOUND);
      }
      return { document, file };
    },
  };
}
export type DocumentService = ReturnType<typeof documentService>;

// Kept here for the routes that import it; it lives with the other download helpers now.
export { attachmentDisposition } from '../../providers/storage/attachment';
