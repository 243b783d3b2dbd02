import { Transform, type TransformCallback } from 'node:stream';

/**
 * Takes the metadata out of a photo on its way to storage (QA P-1): a phone's JPEG carries the
 * place it was taken (GPS), the device and the time in its Exif, and a public photo of a flat
 * handed them to every visitor. JPEG loses its Exif (but for the orientation, which a minimal
 * Exif keeps so the photo is not shown on its side), XMP, IPTC and comments; PNG its text and time
 * chunks, and its eXIf but for the orientation likewise. The picture's own bytes, its colour profile (ICC) and Adobe's colour marker
 * stay. Any other file, or a JPEG or PNG it cannot follow, passes unchanged from there on: it
 * never makes a file unreadable.
 */
export class MetadataStripper extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  private state: State = { kind: 'start' };

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.state.kind === 'pass') return done(null, chunk);
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    this.advance();
    done();
  }

  override _flush(done: TransformCallback): void {
    // A file that ends inside a header or a segment: what is left goes as it came.
    if (this.pending.length) this.push(this.pending);
    this.pending = Buffer.alloc(0);
    done();
  }

  private cut(length: number): Buffer {
    const taken = this.pending.subarray(0, length);
    this.pending = this.pending.subarray(length);
    return taken;
  }

  private passRest(): void {
    this.state = { kind: 'pass' };
    if (this.pending.length) this.push(this.cut(this.pending.length));
  }

  private advance(): void {
    for (;;) {
      const s = this.state;
      const p = this.pending;
      switch (s.kind) {
        case 'pass':
          return this.passRest();
        case 'start':
          if (p.length < 8) {
            // Too short to tell yet, unless it already is neither.
            if (!startsLike(p, JPEG_START) && !startsLike(p, PNG_SIGNATURE)) return this.passRest();
            return;
          }
          if (startsLike(p, PNG_SIGNATURE)) {
            this.push(this.cut(8));
            this.state = { kind: 'png-chunk' };
          } else if (startsLike(p, JPEG_START)) {
            this.push(this.cut(2));
            this.state = { kind: 'jpeg-marker' };
          } else return this.passRest();
          break;
        case 'jpeg-marker': {
          if (p.length < 2) return;
          if (p[0] !== 0xff) return this.passRest();
          const marker = p[1]!;
          // Fill bytes before a marker, and markers without a length, go as they are.
          if (marker === 0xff) {
            this.push(this.cut(1));
            break;
          }
          if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
            this.push(this.cut(2));
            break;
          }
          // The scan (its entropy-coded data) or the end: no metadata comes after it.
          if (marker === 0xda || marker === 0xd9) return this.passRest();
          if (p.length < 4) return;
          const length = p.readUInt16BE(2);
          if (length < 2) return this.passRest();
          this.state = { kind: 'jpeg-segment', marker, size: 2 + length };
          break;
        }
        case 'jpeg-segment': {
          if (p.length < s.size) return;
          const segment = this.cut(s.size);
          if (!DROPPED_JPEG_MARKERS.has(s.marker)) this.push(segment);
          else if (s.marker === 0xe1) {
            const orientation = exifOrientation(segment.subarray(4));
            if (orientation !== null && orientation !== 1) this.push(orientationOnlyExif(orientation));
          }
          this.state = { kind: 'jpeg-marker' };
          break;
        }
        case 'png-chunk': {
          if (p.length < 8) return;
          const length = p.readUInt32BE(0);
          const type = p.toString('latin1', 4, 8);
          if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) return this.passRest();
          // Its Exif read whole (kept to a size a header has) for the orientation it may carry.
          if (type === 'eXIf' && length <= MAX_PNG_EXIF) {
            this.cut(8);
            this.state = { kind: 'png-exif', size: length + 4 };
            break;
          }
          const keep = !DROPPED_PNG_CHUNKS.has(type);
          const header = this.cut(8);
          if (keep) this.push(header);
          this.state = { kind: 'png-body', remaining: length + 4, keep, last: type === 'IEND' };
          break;
        }
        case 'png-exif': {
          if (p.length < s.size) return;
          const data = this.cut(s.size).subarray(0, s.size - 4);
          const orientation = exifOrientation(Buffer.concat([EXIF_HEADER, data]));
          if (orientation !== null && orientation !== 1) this.push(pngChunk('eXIf', orientationOnlyTiff(orientation)));
          this.state = { kind: 'png-chunk' };
          break;
        }
        case 'png-body': {
          if (!p.length) return;
          const part = this.cut(Math.min(s.remaining, p.length));
          if (s.keep) this.push(part);
          const remaining = s.remaining - part.length;
          if (remaining > 0) {
            this.state = { ...s, remaining };
            return;
          }
          if (s.last) return this.passRest();
          this.state = { kind: 'png-chunk' };
          break;
        }
      }
    }
  }
}

type State =
  | { kind: 'start' }
  | { kind: 'pass' }
  | { kind: 'jpeg-marker' }
  | { kind: 'jpeg-segment'; marker: number; size: number }
  | { kind: 'png-chunk' }
  | { kind: 'png-exif'; size: number }
  | { kind: 'png-body'; remaining: number; keep: boolean; last: boolean };

const JPEG_START = [0xff, 0xd8, 0xff];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Whether `bytes` (maybe shorter) agree with `magic` as far as they go. */
const startsLike = (bytes: Buffer, magic: number[]) => magic.every((b, i) => i >= bytes.length || bytes[i] === b);

/**
 * APP1 (Exif, XMP), APP3–APP13 (makers' notes, Photoshop's IPTC) and COM. APP0 (JFIF), APP2 (ICC
 * colour profile), APP14 (Adobe's colour transform) and APP15 stay: the picture needs them.
 */
const DROPPED_JPEG_MARKERS = new Set([0xe1, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xeb, 0xec, 0xed, 0xfe]);

/** Exif (but its orientation, as a JPEG's), text (tEXt, zTXt, iTXt) and the time of the last change. */
const DROPPED_PNG_CHUNKS = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);
/** A PNG's Exif read for its orientation up to this size; a larger one is dropped unread. */
const MAX_PNG_EXIF = 64 * 1024;
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

/** The Orientation tag (0x0112) of IFD0 of an APP1 payload starting «Exif\0\0», if it has one. */
export function exifOrientation(payload: Buffer): number | null {
  if (payload.length < 14 || payload.toString('latin1', 0, 6) !== 'Exif\0\0') return null;
  const tiff = payload.subarray(6);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const u16 = (at: number) => (order === 'II' ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (order === 'II' ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** A TIFF whose IFD0 holds the orientation alone: big-endian, IFD0 at 8, one SHORT entry, no next IFD. */
function orientationOnlyTiff(orientation: number): Buffer {
  return Buffer.from([
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, 0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01,
    0x00, orientation, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  ]);
}

/** A JPEG APP1 segment whose Exif holds the orientation alone. */
export function orientationOnlyExif(orientation: number): Buffer {
  const payload = Buffer.concat([EXIF_HEADER, orientationOnlyTiff(orientation)]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** A PNG chunk: length, type, data and the CRC-32 of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
