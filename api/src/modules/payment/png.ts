import { crc32, deflateSync } from 'node:zlib';

/**
 * A black-and-white PNG (1 bit per pixel, greyscale): a QR code needs no more, so the file stays
 * around a kilobyte and encoding is a few loops over bytes instead of RGBA filtering.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export interface BilevelImage {
  /** Modules per side. */
  size: number;
  isDark: (row: number, col: number) => boolean;
}

/** Each module drawn as `scale`×`scale` pixels inside a light border of `margin` modules. */
export function bilevelPng({ size, isDark }: BilevelImage, scale: number, margin: number): Buffer {
  const modules = size + 2 * margin;
  const width = modules * scale;
  const rowBytes = Math.ceil(width / 8);
  // Filter byte 0 (none) then the row's bits, most significant first; 1 is white.
  const raw = Buffer.alloc((rowBytes + 1) * width);
  for (let y = 0; y < width; y++) {
    const row = raw.subarray(y * (rowBytes + 1) + 1, (y + 1) * (rowBytes + 1));
    const moduleRow = Math.floor(y / scale) - margin;
    for (let x = 0; x < width; x++) {
      const moduleCol = Math.floor(x / scale) - margin;
      const inside = moduleRow >= 0 && moduleRow < size && moduleCol >= 0 && moduleCol < size;
      if (!(inside && isDark(moduleRow, moduleCol))) row[x >> 3]! |= 0x80 >> (x & 7);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale; compression, filter and interlace stay 0
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
