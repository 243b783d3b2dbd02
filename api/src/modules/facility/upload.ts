import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { AppError } from '../../http/errors';
import { detectFileType } from '../../providers/storage/file-type';
import { fileTooLarge, fileTypeRefused, MAX_FILE_BYTES, type FileStorage } from '../../providers/storage';
import { Inspector, sanitizeFileName, type UploadedFile, type UploadFields } from '../../providers/storage/upload';

export const MULTIPART_REQUIRED_MESSAGE = 'Отправьте форму как multipart/form-data';
export const FILE_FIELD_MESSAGE = 'Файлы отправьте в поле file';
export const FIELDS_FIRST_MESSAGE = 'Поля формы отправьте перед файлами';
export const TOO_MANY_FIELDS_MESSAGE = 'Слишком много полей формы';

/** Field names a late arrival of which changes nothing (the spec's method override). */
const IGNORED_LATE_FIELDS = new Set(['_method']);

export interface ReceiveFilesOptions {
  prefix: string;
  maxFiles: number;
  tooManyFilesMessage: string;
  maxBytes?: number;
  /**
   * Runs once on the fields sent before the first file (or on all of them when there is no
   * file), before a byte is stored: a request refused anyway (401, 403, 404, 422) costs no write.
   */
  before: (fields: UploadFields) => Promise<void>;
}

/** One file part streamed into storage under a random key, checked by content and size. */
async function storePart(part: MultipartFile, storage: FileStorage, prefix: string, maxBytes: number): Promise<UploadedFile> {
  const key = `${prefix}/${randomUUID()}`;
  const inspector = new Inspector();
  try {
    void pipeline(part.file, inspector).catch(() => {});
    const { size } = await storage.writeStream(key, inspector, { maxBytes });
    if (part.file.truncated) throw fileTooLarge();
    const type = size > 0 ? detectFileType({ head: inspector.head(), tail: inspector.tail(), size }) : null;
    if (!type) throw fileTypeRefused();
    return { key, name: sanitizeFileName(part.filename ?? '', type), ...type, sizeBytes: size, sha256: inspector.hash.digest('hex') };
  } catch (caught) {
    const err = inspector.errored ?? caught;
    part.file.resume();
    await storage.delete(key).catch(() => {});
    throw err;
  }
}

/** @fastify/multipart's own limit errors, in our words. */
function ourError(error: unknown, tooManyFiles: string): unknown {
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge();
    case 'FST_FILES_LIMIT':
      return new AppError(413, 'too_many_files', tooManyFiles);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, 'payload_too_large', TOO_MANY_FIELDS_MESSAGE);
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_PROTO_VIOLATION':
      return new AppError(400, 'bad_request', 'Некорректная форма');
    default:
      return error;
  }
}

/**
 * A multipart form with any number (up to `maxFiles`) of files in field `file` (ARCHITECTURE
 * §3, §8 "Cabinet"): the fields first, then the files, each streamed to storage and checked as
 * `receiveUpload` checks its one file (413 past the size, 415 by content). An empty file input
 * (no name, no bytes) is skipped. All or nothing: on any failure every file stored so far is
 * removed; the caller removes them when its own write fails.
 */
export async function receiveFiles(request: FastifyRequest, storage: FileStorage, options: ReceiveFilesOptions): Promise<UploadedFile[]> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', MULTIPART_REQUIRED_MESSAGE);
  const { prefix, maxFiles, tooManyFilesMessage, maxBytes = MAX_FILE_BYTES, before } = options;
  const fields: UploadFields = {};
  const files: UploadedFile[] = [];
  let checked = false;
  const check = async () => {
    if (checked) return;
    checked = true;
    await before(fields);
  };
  try {
    // Busboy's cap sits one byte past ours so that storage's limit (and its message) fires first.
    const parts = request.parts({ limits: { files: maxFiles, fileSize: maxBytes + 1, fields: 20 } }) as AsyncIterable<Multipart>;
    for await (const part of parts) {
      if (part.type === 'field') {
        if (checked) {
          if (IGNORED_LATE_FIELDS.has(part.fieldname)) continue;
          throw new AppError(422, 'validation', FIELDS_FIRST_MESSAGE, { [part.fieldname]: FIELDS_FIRST_MESSAGE });
        }
        const prior = fields[part.fieldname];
        fields[part.fieldname] = prior === undefined ? part.value : Array.isArray(prior) ? [...prior, part.value] : [prior, part.value];
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError(422, 'validation', FILE_FIELD_MESSAGE, { file: FILE_FIELD_MESSAGE });
      }
      await check();
      if (!part.filename) {
        // A browser sends an empty file input as a nameless part without bytes.
        part.file.resume();
        continue;
      }
      files.push(await storePart(part, storage, prefix, maxBytes));
    }
    await check();
    return files;
  } catch (error) {
    await removeFiles(storage, files);
    throw ourError(error, tooManyFilesMessage);
  }
}

/** Removes stored files; a failure to remove is not the caller's error. */
export async function removeFiles(storage: FileStorage, files: readonly { key: string }[], onError: (key: string, error: unknown) => void = () => {}): Promise<void> {
  await Promise.all(files.map((f) => storage.delete(f.key).catch((error: unknown) => onError(f.key, error))));
}
