import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
// Types only: request.parts() and isMultipart() come from the plugin the caller registers.
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { cutText, dropInvisibleInside, hasForbiddenCharacters, isBlankText, quotedFileName } from 'shared/contract';
import { AppError } from '../../http/errors';
import { detectFileType, hasKnownSignature, HEAD_BYTES, TAIL_BYTES, type FileType } from './file-type';
import { MetadataStripper } from './strip-metadata';
import { fileEmpty, fileTooLarge, fileTypeRefused, MAX_FILE_BYTES, type FileStorage } from './types';

export interface UploadedFile extends FileType {
  /** The storage key: random, never derived from the client's name. */
  key: string;
  /** The client's name, cleaned for display and for Content-Disposition. */
  name: string;
  sizeBytes: number;
  sha256: string;
}

const MAX_NAME = 200;
export const FILE_REQUIRED_MESSAGE = 'Прикрепите файл';

/**
 * The client's file name as we show it: NFC, the last path segment only (browsers and scripts
 * send `C:\…\a.pdf` or `../../x`), no control, bidi or lone-surrogate characters (U+202E
 * makes `a\u202Eexe.pdf` read as a PDF), at most 200 characters with the extension kept,
 * and ending in the extension of the detected type.
 */
export function sanitizeFileName(raw: string, type: FileType): string {
  // Browsers send «"», CR and LF of a name as %22, %0D and %0A (the HTML standard's
  // multipart/form-data encoding): the name the user gave has the characters themselves.
  const sent = raw.replace(/%22/g, '"').replace(/%0[AD]/gi, ' ');
  const last = sent.normalize('NFC').split(/[/\\]/).pop() ?? '';
  // Characters that show nothing inside it go too, as in a person's name (QA AAQ-9: «Дог\u200bовор.pdf»
  // looked the same as another contract's name and was not).
  let name = dropInvisibleInside(Array.from(last).filter((c) => !hasForbiddenCharacters(c)).join('').replace(/\s+/g, ' '));
  // «.pdf» is an extension without a name, not a file named «pdf».
  const onlyExtension = /^\.+[^.]+$/.test(name);
  name = name.replace(/^\.+/, '').trim();
  if (onlyExtension) name = `.${name}`;
  const dot = name.lastIndexOf('.');
  const given = dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
  const matches = given === type.ext || (type.ext === 'jpg' && given === 'jpeg');
  let stem = matches ? name.slice(0, dot) : name.replace(/^\./, '');
  // A stem of characters that show nothing («\u200b\u200b.pdf») is no name either (QA KKK-1).
  if (isBlankText(stem)) stem = 'файл';
  const ext = matches ? name.slice(dot) : `.${type.ext}`;
  stem = cutText(stem, MAX_NAME - ext.length).trimEnd();
  return `${stem}${ext}`;
}

/**
 * Watches the bytes on their way to storage: SHA-256, the first and last bytes for type
 * detection, and an early refusal when the first bytes match no accepted type (so junk is
 * not written out to the limit). Only the two windows are held, never the whole file.
 */
class Inspector extends Transform {
  readonly hash = createHash('sha256');
  private headChunks: Buffer[] = [];
  private headLength = 0;
  private tailChunks: Buffer[] = [];
  private tailLength = 0;
  private checked = false;
  size = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.headLength < HEAD_BYTES) {
      this.headChunks.push(chunk.subarray(0, HEAD_BYTES - this.headLength));
      this.headLength += Math.min(chunk.length, HEAD_BYTES - this.headLength);
    }
    this.tailChunks.push(chunk);
    this.tailLength += chunk.length;
    while (this.tailLength - this.tailChunks[0]!.length >= TAIL_BYTES) this.tailLength -= this.tailChunks.shift()!.length;
    if (!this.checked && this.headLength >= 8) {
      this.checked = true;
      if (!hasKnownSignature(this.head())) return done(fileTypeRefused());
    }
    done(null, chunk);
  }

  head(): Buffer {
    return Buffer.concat(this.headChunks);
  }

  tail(): Buffer {
    const all = Buffer.concat(this.tailChunks);
    return all.subarray(Math.max(0, all.length - TAIL_BYTES));
  }
}

/** The text fields of a multipart request sent before its files; a repeated field as a list. */
export type UploadFields = Record<string, unknown>;

export const MULTIPART_REQUIRED_MESSAGE = 'Отправьте форму как multipart/form-data';
export const FIELDS_FIRST_MESSAGE = 'Поля формы отправьте перед файлами';
export const TOO_MANY_FIELDS_MESSAGE = 'Слишком много полей формы';
export const ONE_FILE_MESSAGE = 'Прикрепите один файл';

/** Field names a late arrival of which changes nothing (the spec's method override). */
const IGNORED_LATE_FIELDS = new Set(['_method']);

export interface ReceiveOptions {
  maxBytes?: number;
  prefix?: string;
  /** How many files field `file` may carry (one by default); one more is a 413 with `tooManyFilesMessage`. */
  maxFiles?: number;
  tooManyFilesMessage?: string;
  /**
   * Runs once on the fields sent before the first file (a client puts them first, ARCHITECTURE
   * §3; on all of them when there is no file), before any byte is stored: a request that is
   * refused anyway (422, 403, 409) costs no write.
   */
  before?: (fields: UploadFields) => unknown;
  /**
   * Runs before each file is stored (after `before`): the uploader's flood limits, so that a file
   * they refuse is never written.
   */
  beforeFile?: () => unknown;
}

const fileRequired = () => new AppError(422, 'validation', FILE_REQUIRED_MESSAGE, { file: FILE_REQUIRED_MESSAGE });

/** The refusals that are about a file itself rather than the form. */
const FILE_REFUSALS = new Set(['file_too_large', 'file_type_refused', 'file_empty']);

/**
 * A file's own refusal (too large, not an accepted type, empty) in a form of several files names the
 * file, so the sender knows which one to take out: «Файл «смета.pdf» не принят: файл больше 20 МБ — сожмите его или разделите на части».
 */
export function namingTheFile(error: unknown, fileName: string | undefined): unknown {
  const name = quotedFileName(fileName ?? '');
  if (!name || !(error instanceof AppError) || !FILE_REFUSALS.has(error.code)) return error;
  const reason = error.message.charAt(0).toLowerCase() + error.message.slice(1);
  return new AppError(error.statusCode, error.code, `Файл «${name}» не принят: ${reason}`, error.errors);
}

/** One file part streamed into storage under a random key, checked by content and size; nothing is left on failure. */
async function storePart(part: MultipartFile, storage: FileStorage, prefix: string, maxBytes: number): Promise<UploadedFile> {
  const key = `${prefix}/${randomUUID()}`;
  const inspector = new Inspector();
  try {
    // Both ends get their error listeners now: the inspector may refuse the first bytes before
    // the storage has opened its side. Its failure still reaches writeStream below.
    // A photo's metadata (GPS, device, time) is left out on the way: what is stored, hashed and served is without it.
    void pipeline(part.file, new MetadataStripper(), inspector).catch(() => {});
    const { size } = await storage.writeStream(key, inspector, { maxBytes });
    if (part.file.truncated) throw fileTooLarge();
    // No bytes is no type either, but the sender must hear what is wrong: the file is empty.
    if (size === 0) throw fileEmpty();
    const type = detectFileType({ head: inspector.head(), tail: inspector.tail(), size });
    if (!type) throw fileTypeRefused();
    return { key, name: sanitizeFileName(part.filename ?? '', type), ...type, sizeBytes: size, sha256: inspector.hash.digest('hex') };
  } catch (caught) {
    // The inspector's own refusal (415) wins over the premature close it causes downstream.
    const err = inspector.errored ?? caught;
    // The rest of the body is drained so the connection can still carry our error answer.
    part.file.resume();
    await storage.delete(key).catch(() => {});
    throw err;
  }
}

/**
 * Whether a part's file has any bytes, read without losing them: the first chunk goes back to the
 * front of the stream (`unshift`), which stays paused until it is piped on. An empty one has ended.
 */
function hasBytes(file: Readable): Promise<boolean> {
  if (file.readableEnded) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    const settle = () => {
      file.off('data', onData);
      file.off('end', onEnd);
      file.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      file.pause();
      settle();
      file.unshift(chunk);
      resolve(true);
    };
    const onEnd = () => {
      settle();
      resolve(false);
    };
    const onError = (error: unknown) => {
      settle();
      reject(error);
    };
    file.on('data', onData);
    file.once('end', onEnd);
    file.once('error', onError);
  });
}

/** @fastify/multipart's own limit errors, in our words. */
function ourError(error: unknown, tooManyFiles: string): unknown {
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge();
    // A count is the form's content, not a size (ARCHITECTURE §3 keeps 413 for a file too large).
    case 'FST_FILES_LIMIT':
      return new AppError(422, 'too_many_files', tooManyFiles, { file: tooManyFiles });
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
 * Takes the files of a multipart form (field `file`, ARCHITECTURE §3, §8) into `storage`, each
 * under a random key: the fields first, then up to `maxFiles` files, 413 past `maxBytes`, 415
 * when the bytes are no accepted type, 422 for an empty file or a file in another field. An empty file input (no
 * name, no bytes) is skipped; a nameless part with bytes is a file like any other. All or nothing: on any failure
 * every file stored so far is removed; the caller removes them when its own write fails (`keepingFiles`).
 */
export async function receiveFiles(request: FastifyRequest, storage: FileStorage, options: ReceiveOptions = {}): Promise<UploadedFile[]> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', MULTIPART_REQUIRED_MESSAGE);
  const { prefix = 'uploads', maxFiles = 1, tooManyFilesMessage = ONE_FILE_MESSAGE, maxBytes = MAX_FILE_BYTES, before, beforeFile } = options;
  const fields: UploadFields = {};
  const files: UploadedFile[] = [];
  let checked = false;
  const check = async () => {
    if (checked) return;
    checked = true;
    await before?.(fields);
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
        throw fileRequired();
      }
      await check();
      // A browser sends a file input left empty as a nameless part without bytes (`filename=""`):
      // no file, as if the field were not there. A nameless part with bytes is a file all the same
      // (a script's, a blob's): taken and named by its type («файл.pdf»), never dropped unheard.
      if (!part.filename && !(await hasBytes(part.file))) continue;
      try {
        await beforeFile?.();
      } catch (error) {
        part.file.resume();
        throw error;
      }
      try {
        files.push(await storePart(part, storage, prefix, maxBytes));
      } catch (error) {
        throw maxFiles > 1 ? namingTheFile(ourError(error, tooManyFilesMessage), part.filename) : error;
      }
    }
    await check();
    return files;
  } catch (error) {
    await removeFiles(storage, files);
    throw ourError(error, tooManyFilesMessage);
  }
}

/** The one file of an upload call (`receiveFiles` with one file, required: 422 without it). */
export async function receiveUpload(request: FastifyRequest, storage: FileStorage, options: Omit<ReceiveOptions, 'maxFiles' | 'tooManyFilesMessage'> = {}): Promise<UploadedFile> {
  const [file] = await receiveFiles(request, storage, options);
  if (!file) throw fileRequired();
  return file;
}

/** Removes stored files; a failure to remove is not the caller's error (`onError` may log it). */
export async function removeFiles(storage: FileStorage, files: readonly { key: string }[], onError: (key: string, error: unknown) => void = () => {}): Promise<void> {
  await Promise.all(files.map((f) => storage.delete(f.key).catch((error: unknown) => onError(f.key, error))));
}

/**
 * Runs the write that records received files (stored before its transaction: a stream cannot
 * wait on a row lock); when the write fails, the files go too.
 */
export async function keepingFiles<T>(
  storage: FileStorage,
  files: readonly { key: string }[],
  write: () => Promise<T>,
  onError?: (key: string, error: unknown) => void,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await removeFiles(storage, files, onError);
    throw error;
  }
}
