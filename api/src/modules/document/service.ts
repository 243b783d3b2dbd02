import { AppError, notFound } from '../../http/errors';
import { findByRequestId } from '../../db/sql';
import type { DownloadableDocument } from './repository';
import type { FileStorage, StoredFile } from './storage';

export const DOCUMENT_NOT_FOUND = 'Документ не найден';
export const DOCUMENT_FORBIDDEN = 'Документ недоступен';


export interface PublicDownload {
  document: DownloadableDocument;
  file: StoredFile;
}

/**
 * The rules of a public download: a missing document, or one whose owner is hidden from the
 * public (an application that is not published), is not found; a document that is not
 * public is forbidden; a row whose file is gone is not found either (and worth a log line).
 */
export async function publicDownload(
  id: number,
  find: (id: number) => Promise<DownloadableDocument | undefined>,
  storage: FileStorage,
  onMissingFile: (doc: DownloadableDocument) => void = () => {},
): Promise<PublicDownload> {
  const document = await findByRequestId(id, find);
  if (!document || !document.ownerVisible) throw notFound(DOCUMENT_NOT_FOUND);
  if (!document.public) throw new AppError(403, 'forbidden', DOCUMENT_FORBIDDEN);
  const file = await storage.read(document.storageKey);
  if (!file) {
    onMissingFile(document);
    throw notFound(DOCUMENT_NOT_FOUND);
  }
  return { document, file };
}

/** RFC 6266 / 5987: the name survives any characters, Cyrillic included. */
export function attachmentDisposition(name: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${encoded}`;
}
