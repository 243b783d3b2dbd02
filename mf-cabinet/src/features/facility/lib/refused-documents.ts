import { isApiError, quotedFileName } from 'shared';
import type { PendingDocument } from '../api/save-facility';

/** The API's codes for a file it refuses for itself (too large, not an accepted type, empty): 413, 415, 422. */
const FILE_REFUSALS = new Set(['file_too_large', 'file_type_refused', 'file_empty']);

/** The name as the API quotes it (`namingTheFile`). */
const quotedName = (file: File) => `«${quotedFileName(file.name)}»`;

/**
 * The chosen files a refused save names, by key, with the server's words. In a request of several
 * files the API names the one it refuses in its message («Файл «смета.pdf» не принят: …») and
 * carries no field for it: the form finds the file by that name, to mark it in the list. Files of
 * one name are all marked (which one it was cannot be told); a refusal naming none marks nothing.
 */
export function refusedDocuments(error: unknown, documents: readonly PendingDocument[]): Record<string, string> {
  if (!isApiError(error) || !FILE_REFUSALS.has(error.code)) return {};
  const refused: Record<string, string> = {};
  for (const doc of documents) if (error.message.includes(quotedName(doc.file))) refused[doc.key] = error.message;
  return refused;
}
