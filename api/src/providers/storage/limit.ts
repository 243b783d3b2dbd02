import { Transform, type TransformCallback } from 'node:stream';
import { fileTooLarge } from './types';

/**
 * Passes bytes through until more than `maxBytes` have gone by, then fails with the 413:
 * the limit holds while streaming, so an oversized upload is never held or stored whole.
 */
export class ByteLimit extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(fileTooLarge());
    done(null, chunk);
  }
}
