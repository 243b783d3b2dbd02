import { createHash, randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
// Types only: request.file() and isMultipart() come from the plugin the caller registers.
import type {} from '@fastify/multipart';
import { hasForbiddenCharacters } from 'shared/contract';
import { AppError } from '../../http/errors';
import { detectFileType, hasKnownSignature, HEAD_BYTES, TAIL_BYTES, type FileType } from './file-type';
import { fileTooLarge, fileTypeRefused, MAX_FILE_BYTES, type FileStorage } from './types';

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
  const last = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = Array.from(last).filter((c) => !hasForbiddenCharacters(c)).join('').replace(/\s+/g, ' ').trim();
  name = name.replace(/^\.+/, '').trim();
  const dot = name.lastIndexOf('.');
  const given = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const matches = given === type.ext || (type.ext === 'jpg' && given === 'jpeg');
  let stem = matches ? name.slice(0, dot) : name;
  if (!stem) stem = 'файл';
  const ext = matches ? name.slice(dot) : `.${type.ext}`;
  const chars = Array.from(stem);
  if (chars.length + ext.length > MAX_NAME) stem = chars.slice(0, MAX_NAME - ext.length).join('').trimEnd();
  return `${stem}${ext}`;
}

/**
 * Watches the bytes on their way to storage: SHA-256, the first and last bytes for type
 * detection, and an early refusal when the first bytes match no accepted type (so junk is
 * not written out to the limit). Only the two windows are held, never the whole file.
 */
export class Inspector extends Transform {
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

/** The text fields of a multipart request sent before its file; a repeated field as a list. */
export type UploadFields = Record<string, unknown>;

function fieldsOf(parts: Record<string, unknown> | undefined): UploadFields {
  const out: UploadFields = {};
  for (const [name, entry] of Object.entries(parts ?? {})) {
    const values = (Array.isArray(entry) ? entry : [entry]).filter((p): p is { type: 'field'; value: unknown } => p?.type === 'field').map((p) => p.value);
    if (values.length) out[name] = values.length === 1 ? values[0] : values;
  }
  return out;
}

export interface ReceiveOptions {
  maxBytes?: number;
  prefix?: string;
  /**
   * Runs on the fields sent before the file (a client puts them first, ARCHITECTURE §3), before
   * any byte is stored: a request that is refused anyway (422, 403, 409) costs no write.
   */
  before?: (fields: UploadFields) => unknown;
}

/**
 * Takes the one file of a multipart request (field `file`, ARCHITECTURE §8) into `storage`
 * under a random key: 413 past `maxBytes`, 415 when the bytes are no accepted type, 422 when
 * there is no file. On any failure nothing is left in storage.
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: FileStorage,
  { maxBytes = MAX_FILE_BYTES, prefix = 'uploads', before }: ReceiveOptions = {},
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', 'Отправьте файл как multipart/form-data');
  // Busboy's own cap sits one byte past ours so that our limit (and its message) fires first.
  const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw new AppError(422, 'validation', FILE_REQUIRED_MESSAGE, { file: FILE_REQUIRED_MESSAGE });
  }
  if (before) {
    try {
      await before(fieldsOf(part.fields as Record<string, unknown>));
    } catch (error) {
      part.file.resume();
      throw error;
    }
  }
  const key = `${prefix}/${randomUUID()}`;
  const inspector = new Inspector();
  try {
    // Both ends get their error listeners now: the inspector may refuse the first bytes before
    // the storage has opened its side. Its failure still reaches writeStream below.
    void pipeline(part.file, inspector).catch(() => {});
    const { size } = await storage.writeStream(key, inspector, { maxBytes });
    if (part.file.truncated) throw fileTooLarge();
    const type = size > 0 ? detectFileType({ head: inspector.head(), tail: inspector.tail(), size }) : null;
    if (!type) throw fileTypeRefused();
    return { key, name: sanitizeFileName(part.filename ?? '', type), ...type, sizeBytes: size, sha256: inspector.hash.digest('hex') };
  } catch (caught) {
    // The inspector's own refusal (415) wins over the premature close it causes downstream.
    const err = inspector.errored ?? caught;
    // The rest of the body is drained so the connection can still carry our error answer.
    part.file.resume();
    await storage.delete(key).catch(() => {});
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw err;
  }
}
