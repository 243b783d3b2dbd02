import type { Readable } from 'node:stream';
import { EMPTY_FILE_MESSAGE, FILE_TOO_LARGE_MESSAGE, FILE_TYPE_MESSAGE, MAX_FILE_BYTES } from 'shared/contract';
import { AppError } from '../../http/errors';

export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface WriteStreamOptions {
  /** Past this many bytes the write is abandoned, nothing is kept, and a 413 is thrown. */
  maxBytes: number;
}

/**
 * Where file bytes live, by storage key: a local folder or an S3-compatible bucket.
 * Keys are ours (random, see upload.ts), never a client's file name.
 */
export interface FileStorage {
  /** The file under `key`, or null when there is none. */
  read(key: string): Promise<StoredFile | null>;
  write(key: string, data: Uint8Array | string): Promise<void>;
  /** Streams `source` into `key`; on any failure (the limit included) nothing is left under `key`. */
  writeStream(key: string, source: Readable, options: WriteStreamOptions): Promise<{ size: number }>;
  exists(key: string): Promise<boolean>;
  /** Removes `key`; a missing key is not an error (S3 answers the same). */
  delete(key: string): Promise<void>;
  /**
   * Removes partial files of uploads cut short before they could clean up (the process stopped
   * mid-upload: QA AAJ-5) last written before `before`; answers how many. Local storage only: an S3
   * upload that never completed leaves no object.
   */
  sweepPartial?(before: Date): Promise<number>;
}

// The limits and their messages live in the contract: the client checks a file before sending it.
export { FILE_TOO_LARGE_MESSAGE, FILE_TYPE_MESSAGE, MAX_FILE_BYTES };
export const STORAGE_UNAVAILABLE_MESSAGE = 'Хранилище файлов временно недоступно';

export const fileTooLarge = () => new AppError(413, 'file_too_large', FILE_TOO_LARGE_MESSAGE);
export const fileTypeRefused = () => new AppError(415, 'file_type_refused', FILE_TYPE_MESSAGE);
/** The words of the client's own check; a size problem, not a type one: 422. */
export const fileEmpty = () => new AppError(422, 'file_empty', EMPTY_FILE_MESSAGE, { file: EMPTY_FILE_MESSAGE });

/** A 502 for the client; `cause` keeps the storage's own answer for the log line of a 5xx. */
export function storageUnavailable(cause?: unknown): AppError {
  return Object.assign(new AppError(502, 'storage_unavailable', STORAGE_UNAVAILABLE_MESSAGE), { cause });
}

/**
 * Keys are relative paths of plain segments: both storages refuse anything else, so a key
 * that came from a bad row can neither leave the folder nor address another bucket's object.
 */
export function assertStorageKey(key: string): void {
  const ok =
    typeof key === 'string' &&
    key.length > 0 &&
    key.length <= 512 &&
    !key.startsWith('/') &&
    !/[\\\u0000-\u001F\u007F]/.test(key) &&
    key.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
  if (!ok) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
