/**
 * The type of an upload from its bytes, never from its name or the client's Content-Type:
 * PDF, PNG, JPEG, legacy Word/Excel (OLE2) and DOCX/XLSX/ODT (ZIP, told apart by their entries).
 * Everything else is refused, so a renamed executable is not stored as "contract.pdf".
 */
import { UPLOAD_FILE_TYPES, type UploadFileExt } from 'shared/contract';

export interface FileType {
  ext: UploadFileExt;
  mime: string;
}

/** What detection sees of a file: its first bytes, its last bytes and its size (see upload.ts). */
export interface FileSample {
  head: Uint8Array;
  tail: Uint8Array;
  size: number;
}

/** How much of a file detection reads: magic numbers and ODT's `mimetype` at the start, the ZIP directory at the end. */
export const HEAD_BYTES = 64 * 1024;
export const TAIL_BYTES = 256 * 1024;

const typeOf = (ext: FileType['ext']): FileType => ({ ext, mime: UPLOAD_FILE_TYPES[ext] });

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** Whether the first bytes could start an accepted file: lets an upload be refused before it is stored. */
export function hasKnownSignature(head: Uint8Array): boolean {
  return [PDF, PNG, JPEG, OLE2, ZIP].some((m) => startsWith(head, m));
}

export function detectFileType(sample: FileSample): FileType | null {
  const { head } = sample;
  if (startsWith(head, PDF)) return typeOf('pdf');
  if (startsWith(head, PNG)) return typeOf('png');
  if (startsWith(head, JPEG)) return typeOf('jpg');
  if (startsWith(head, OLE2)) return detectOle2(sample);
  if (startsWith(head, ZIP)) return detectZip(sample);
  return null;
}

/** A whole small file in memory (tests, seeds). */
export const detectBufferType = (bytes: Uint8Array) => detectFileType({ head: bytes, tail: bytes, size: bytes.length });

/** `length` bytes at absolute `offset`, if the head or the tail holds them. */
function bytesAt({ head, tail, size }: FileSample, offset: number, length: number): Buffer | null {
  if (offset < 0 || length < 0 || offset + length > size) return null;
  if (offset + length <= head.length) return Buffer.from(head.buffer, head.byteOffset + offset, length);
  const tailStart = size - tail.length;
  if (offset >= tailStart) return Buffer.from(tail.buffer, tail.byteOffset + offset - tailStart, length);
  return null;
}

/**
 * OLE2 also carries installers (.msi) and mail (.msg), so the container alone is not enough:
 * a Word file has a `WordDocument` stream, an Excel one `Workbook` (or `Book` before Excel 97).
 * Directory entries are 128 bytes, aligned to 128 in the file; we look for those names among
 * stream entries in the bytes we have. A huge file whose directory sits in the middle is
 * refused, which is the safe side of the trade.
 */
function detectOle2(sample: FileSample): FileType | null {
  const windows: Array<[number, Uint8Array]> = [[0, sample.head], [sample.size - sample.tail.length, sample.tail]];
  for (const [start, bytes] of windows) {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    for (let at = Math.max(512, Math.ceil(start / 128) * 128) - start; at + 128 <= buf.length; at += 128) {
      const nameBytes = buf.readUInt16LE(at + 64);
      if (buf[at + 66] !== 2 || nameBytes < 4 || nameBytes > 64 || nameBytes % 2) continue;
      const name = buf.toString('utf16le', at, at + nameBytes - 2);
      if (name === 'WordDocument') return typeOf('doc');
      if (name === 'Workbook' || name === 'Book') return typeOf('xls');
    }
  }
  return null;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ODT_MIME = UPLOAD_FILE_TYPES.odt;

/** The entry names of a ZIP from its central directory (null when it cannot be read from the sample). */
function zipEntries(sample: FileSample): Map<string, number> | null {
  // The end-of-central-directory record is the last 22 bytes plus a comment of up to 65535.
  const searchFrom = Math.max(0, sample.size - 22 - 0xffff, sample.size - sample.tail.length);
  let eocd: Buffer | null = null;
  for (let at = sample.size - 22; at >= searchFrom && !eocd; at--) {
    const rec = bytesAt(sample, at, 22);
    if (rec && rec.readUInt32LE(0) === EOCD) eocd = rec;
  }
  if (!eocd) return null;
  const count = eocd.readUInt16LE(10);
  const cdSize = eocd.readUInt32LE(12);
  const cdOffset = eocd.readUInt32LE(16);
  // ZIP64 markers (0xFFFF / 0xFFFFFFFF) cannot occur in a 20 MB office file.
  if (count === 0xffff || cdOffset === 0xffffffff) return null;
  const cd = bytesAt(sample, cdOffset, cdSize);
  if (!cd) return null;
  const entries = new Map<string, number>();
  for (let at = 0, i = 0; i < count; i++) {
    if (at + 46 > cd.length || cd.readUInt32LE(at) !== CENTRAL) return null;
    const nameLength = cd.readUInt16LE(at + 28);
    const skip = nameLength + cd.readUInt16LE(at + 30) + cd.readUInt16LE(at + 32);
    if (at + 46 + skip > cd.length) return null;
    entries.set(cd.toString('utf8', at + 46, at + 46 + nameLength), cd.readUInt32LE(at + 42));
    at += 46 + skip;
  }
  return entries;
}

/** ODF's `mimetype` entry: stored (not compressed) by the ODF spec, so its bytes are the type. */
function storedEntryText(sample: FileSample, localOffset: number, max: number): string | null {
  const header = bytesAt(sample, localOffset, 30);
  if (!header || header.readUInt32LE(0) !== LOCAL || header.readUInt16LE(8) !== 0) return null;
  const length = header.readUInt32LE(18);
  if (length > max) return null;
  const data = bytesAt(sample, localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28), length);
  return data ? data.toString('ascii') : null;
}

function detectZip(sample: FileSample): FileType | null {
  const entries = zipEntries(sample);
  if (!entries) return null;
  const mimetype = entries.get('mimetype');
  if (mimetype !== undefined) return storedEntryText(sample, mimetype, 100) === ODT_MIME ? typeOf('odt') : null;
  if (!entries.has('[Content_Types].xml')) return null;
  const names = [...entries.keys()];
  if (names.some((n) => n.startsWith('word/'))) return typeOf('docx');
  if (names.some((n) => n.startsWith('xl/'))) return typeOf('xlsx');
  return null;
}
