import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * An opaque RGBA image as a truecolour PNG (colour type 2, 8 bits; alpha dropped). Each row
 * takes the filter — None, Sub or Up — with the smallest sum of residuals, the usual heuristic.
 */
export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  const row = new Uint8Array(stride);
  const prev = new Uint8Array(stride);
  const sub = new Uint8Array(stride);
  const up = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = (y * width + x) * 4;
      row[x * 3] = rgba[s]!;
      row[x * 3 + 1] = rgba[s + 1]!;
      row[x * 3 + 2] = rgba[s + 2]!;
    }
    let costNone = 0;
    let costSub = 0;
    let costUp = 0;
    for (let i = 0; i < stride; i++) {
      sub[i] = row[i]! - (i >= 3 ? row[i - 3]! : 0);
      up[i] = row[i]! - prev[i]!;
      costNone += row[i]! < 128 ? row[i]! : 256 - row[i]!;
      costSub += sub[i]! < 128 ? sub[i]! : 256 - sub[i]!;
      costUp += up[i]! < 128 ? up[i]! : 256 - up[i]!;
    }
    const offset = y * (stride + 1);
    if (costUp <= costSub && costUp <= costNone) {
      raw[offset] = 2;
      raw.set(up, offset + 1);
    } else if (costSub <= costNone) {
      raw[offset] = 1;
      raw.set(sub, offset + 1);
    } else {
      raw[offset] = 0;
      raw.set(row, offset + 1);
    }
    prev.set(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 6 })), chunk('IEND', Buffer.alloc(0))]);
}
