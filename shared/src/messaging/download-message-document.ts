import { downloadFile, DOWNLOAD_ERROR_MESSAGE } from 'shared';
import { messageDocumentDownload, type MessageDocument } from '../contract/messaging';

/** Saves a message's document under its name; a failure is an error toast (spec §8's fallback). */
export function downloadMessageDocument(document: Pick<MessageDocument, 'id' | 'name'>): Promise<boolean> {
  return downloadFile(messageDocumentDownload, { id: document.id, name: document.name }, document.name, DOWNLOAD_ERROR_MESSAGE);
}
