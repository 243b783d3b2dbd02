import { z } from 'zod';
import { cutText, idQuerySchema } from './common';
import { defineCall } from './define';
import { lazySchema } from './lazy-schema';

/**
 * The version of the terms of the simple electronic signature (63-ФЗ, ст. 9) a signature is given
 * under: the sign form says «Подписывая, вы соглашаетесь с условиями…» of this version and links
 * to them (SIGNING_TERMS_PATH, a public page), and every signature record keeps it.
 */
export const SIGNING_TERMS_VERSION = '2026-11-01';
/** Where the terms of that version are read: a section of «Гарантии». */
export const SIGNING_TERMS_PATH = '/guarantees#signature-terms';

/**
 * Binary downloads: the answer is the file itself (Content-Disposition with the document's
 * name), not the JSON envelope; failures are the usual JSON failure envelope.
 */
export const facilityDocumentPublicDownload = defineCall({
  method: 'GET',
  path: 'facility/document/public/download',
  auth: 'none',
  kind: 'download',
  summary: 'Скачивание публичного документа объекта',
  query: idQuerySchema,
  data: lazySchema(() => z.unknown()),
});

export const applicationDocumentPublicDownload = defineCall({
  method: 'GET',
  path: 'application/document/public/download',
  auth: 'none',
  kind: 'download',
  summary: 'Скачивание публичного документа заявки',
  query: idQuerySchema,
  data: lazySchema(() => z.unknown()),
});

/** Spec §8 fallbacks when the server gives no message: downloads, and the QR code opened in a tab. */
export const DOWNLOAD_ERROR_MESSAGE = 'Ошибка скачивания документа';
export const OPEN_FILE_ERROR_MESSAGE = 'Неизвестная ошибка';

/**
 * Upload limits (ARCHITECTURE §8 "Documents and signatures"), one declaration for the API's
 * checks (413, 415) and the client's checks before sending. The API decides the type by content;
 * the client can only go by the name's extension.
 */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const UPLOAD_FILE_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  jpg: 'image/jpeg',
  png: 'image/png',
} as const;
export type UploadFileExt = keyof typeof UPLOAD_FILE_TYPES;
export const FILE_TOO_LARGE_MESSAGE = 'Файл больше 20 МБ — сожмите его или разделите на части';
export const FILE_TYPE_MESSAGE = 'Недопустимый тип файла: допустимы PDF, DOC, DOCX, XLS, XLSX, ODT, JPG, PNG';
/** A file of no bytes: refused by the browser before sending, and by the API (422) if sent. */
export const EMPTY_FILE_MESSAGE = 'Файл пустой';

/**
 * A file's name as a refusal of it quotes it («Файл «смета.pdf» не принят: …»): normalised, trimmed,
 * at most 120 characters, cut whole (cutText). The API names the file so; a form of several files
 * finds the refused one by it.
 */
export const quotedFileName = (name: string): string => cutText(name.normalize('NFC').trim(), 120);

/** The extension of an accepted type for a file name (`.jpeg` is a `jpg`), or null. */
export function uploadFileExt(name: string): UploadFileExt | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  const known = ext === 'jpeg' ? 'jpg' : ext;
  return known in UPLOAD_FILE_TYPES ? (known as UploadFileExt) : null;
}
