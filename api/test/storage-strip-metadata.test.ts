import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { inflateSync } from 'node:zlib';
import { exifOrientation, MetadataStripper, orientationOnlyExif, pngChunk } from '../src/providers/storage/strip-metadata';
import { samples } from './fixtures/file-samples';
import { exif, PNG_GPS_MARKER, rawProfileExifChunk, segment } from './fixtures/photo-metadata';

/**
 * A photo's metadata is left out on its way to storage (QA P-1): a phone's JPEG had its GPS
 * position, camera and time served to any visitor of a public application or facility.
 */

const JFIF = segment(0xe0, Buffer.from('4a46494600010100000100010000', 'hex'));
const ICC = segment(0xe2, Buffer.concat([Buffer.from('ICC_PROFILE\0', 'latin1'), Buffer.alloc(20, 7)]));
const XMP = segment(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>55,45N</exif:GPSLatitude></x:xmpmeta>', 'latin1'));
const IPTC = segment(0xed, Buffer.from('Photoshop 3.0\x008BIM\x04\x04Москва', 'utf8'));
const COMMENT = segment(0xfe, Buffer.from('Снято у дома', 'utf8'));
const DQT = segment(0xdb, Buffer.alloc(65, 1));
// The scan and its data: bytes that look like markers inside it (FF 00 stuffing, an FF E1) are the picture's.
const SCAN = Buffer.concat([segment(0xda, Buffer.alloc(10, 2)), Buffer.from('12ff00e134ffd0ffe1', 'hex'), Buffer.from([0xff, 0xd9])]);
const jpeg = (...segments: Buffer[]) => Buffer.concat([Buffer.from([0xff, 0xd8]), ...segments, SCAN]);

/** Through the stripper in chunks of `size` bytes (1: every boundary a chunk may fall on). */
const strip = (bytes: Buffer, size = bytes.length || 1) => {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return buffer(Readable.from(chunks).pipe(new MetadataStripper()));
};

const contains = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, 'latin1'));

describe('a JPEG', () => {
  const photo = jpeg(JFIF, exif({ orientation: 6 }), XMP, ICC, IPTC, COMMENT, DQT);

  it.each([['whole', undefined], ['byte by byte', 1], ['in 7-byte chunks', 7]])('loses Exif, XMP, IPTC and comments but keeps its orientation, colour profile and picture (%s)', async (_how, size) => {
    const out = await strip(photo, size);
    expect(out).toEqual(jpeg(JFIF, orientationOnlyExif(6), ICC, DQT));
    for (const text of ['QAPhone', 'GPSLatitude', 'xmpmeta', 'Photoshop', '8BIM']) expect(contains(out, text)).toBe(false);
    expect(out.includes(Buffer.from('Снято у дома'))).toBe(false);
    // The minimal Exif says the same orientation.
    expect(exifOrientation(orientationOnlyExif(6).subarray(4))).toBe(6);
  });

  it('without an orientation (or an upright one) keeps no Exif at all', async () => {
    expect(await strip(jpeg(JFIF, exif(), DQT))).toEqual(jpeg(JFIF, DQT));
    expect(await strip(jpeg(JFIF, exif({ orientation: 1 }), DQT))).toEqual(jpeg(JFIF, DQT));
  });

  it('one that holds no metadata comes out byte for byte, as does the test sample', async () => {
    expect(await strip(jpeg(JFIF, ICC, DQT), 3)).toEqual(jpeg(JFIF, ICC, DQT));
    expect(await strip(samples.jpg)).toEqual(samples.jpg);
  });

  it('cut short inside a segment, or with a segment it cannot follow, passes what is left unchanged', async () => {
    const cut = photo.subarray(0, JFIF.length + 2 + 10);
    expect(await strip(cut, 4)).toEqual(cut);
    const odd = Buffer.concat([Buffer.from([0xff, 0xd8]), JFIF, Buffer.from('00112233', 'hex'), exif()]);
    expect(await strip(odd, 5)).toEqual(odd);
  });
});

describe('a PNG', () => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.from('a1b2c3d4', 'hex')]);
  };
  const SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');
  const IHDR = chunk('IHDR', Buffer.alloc(13, 1));
  const IDAT = chunk('IDAT', Buffer.alloc(300, 9));
  const IEND = chunk('IEND', Buffer.alloc(0));
  const png = Buffer.concat([SIGNATURE, IHDR, chunk('tEXt', Buffer.from('Author\0Анна', 'utf8')), chunk('eXIf', exif({ orientation: 6 }).subarray(10)), chunk('tIME', Buffer.alloc(7, 3)), chunk('iTXt', Buffer.from('GPS\0\0\0\0\0 55,45N', 'latin1')), IDAT, IEND]);

  it.each([['whole', undefined], ['byte by byte', 1], ['in 64-byte chunks', 64]])('loses its text and time chunks, and its Exif but for the orientation, and keeps the picture (%s)', async (_how, size) => {
    const out = await strip(png, size);
    // The orientation stays, as a JPEG's does (QA T-2: a PNG shown on its side).
    expect(out).toEqual(Buffer.concat([SIGNATURE, IHDR, pngChunk('eXIf', orientationOnlyExif(6).subarray(10)), IDAT, IEND]));
    expect(out.includes(Buffer.from('QAPhone'))).toBe(false);
  });

  it.each([['whole', undefined], ['byte by byte', 1], ['in 64-byte chunks', 64]])('loses a compressed zTXt, the Exif and GPS ImageMagick writes as «Raw profile type exif» (QA Z-6, %s)', async (_how, size) => {
    const zTXt = rawProfileExifChunk();
    // The marker is there, compressed: not to be found in the file's bytes but once inflated.
    expect(inflateSync(zTXt.subarray(8 + 'Raw profile type exif'.length + 2, -4)).toString('latin1')).toContain(PNG_GPS_MARKER);
    expect(contains(zTXt, PNG_GPS_MARKER)).toBe(false);
    const out = await strip(Buffer.concat([SIGNATURE, IHDR, zTXt, IDAT, IEND]), size);
    expect(out).toEqual(Buffer.concat([SIGNATURE, IHDR, IDAT, IEND]));
    expect(contains(out, 'zTXt')).toBe(false);
    expect(contains(out, 'Raw profile type')).toBe(false);
  });

  it('writes the kept Exif chunk with a right CRC, and keeps none without an orientation', async () => {
    // Every PNG ends with the same IEND chunk, CRC AE 42 60 82.
    expect(pngChunk('IEND', Buffer.alloc(0)).toString('hex')).toBe('0000000049454e44ae426082');
    const upright = Buffer.concat([SIGNATURE, IHDR, chunk('eXIf', exif().subarray(10)), IDAT, IEND]);
    expect(await strip(upright, 7)).toEqual(Buffer.concat([SIGNATURE, IHDR, IDAT, IEND]));
  });

  it('bytes after its end go as they came', async () => {
    const trailing = Buffer.concat([SIGNATURE, IHDR, IDAT, IEND, Buffer.from('tEXt-like trailer')]);
    expect(await strip(trailing, 5)).toEqual(trailing);
  });
});

it('any other file passes unchanged, however it is cut', async () => {
  for (const sample of [samples.pdf, samples.docx, Buffer.from('MZ'), Buffer.alloc(0), Buffer.from([0xff])]) {
    expect(await strip(sample, 3)).toEqual(sample);
  }
});
