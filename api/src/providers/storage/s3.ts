import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ByteLimit } from './limit';
import { EMPTY_SHA256, sha256Hex, signRequest, uriEncode } from './sigv4';
import { assertStorageKey, storageUnavailable, type FileStorage } from './types';

export interface S3Options {
  /** e.g. https://storage.yandexcloud.net or http://127.0.0.1:9000 (path-style: endpoint/bucket/key). */
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region?: string;
  /** The clock for signatures (tests pin it). */
  now?: () => Date;
  /**
   * How long a call waits for the bucket's answer to begin (a PUT's body is sent within it), then
   * fails as storage unavailable; a GET's body then streams without a limit. Without it a hung
   * bucket held each request for undici's 300 s (QA Y-3).
   */
  answerTimeoutMs?: number;
}

type Method = 'GET' | 'PUT' | 'HEAD' | 'DELETE';

/** An S3-compatible bucket through fetch and SigV4: no SDK, four calls. */
export function s3FileStorage(options: S3Options): FileStorage {
  const region = options.region || 'us-east-1';
  const now = options.now ?? (() => new Date());
  const base = options.endpoint.replace(/\/+$/, '');
  const answerTimeoutMs = options.answerTimeoutMs ?? 30_000;

  async function send(method: Method, key: string, init: { body?: Buffer | Readable; payloadHash?: string; headers?: Record<string, string> } = {}) {
    assertStorageKey(key);
    const url = new URL(`${base}/${uriEncode(options.bucket, false)}/${uriEncode(key, true)}`);
    const { host: _host, ...headers } = signRequest({
      method,
      url,
      headers: init.headers,
      payloadHash: init.payloadHash ?? EMPTY_SHA256,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region,
      now: now(),
    });
    const answered = new AbortController();
    const timer = setTimeout(() => answered.abort(new Error(`S3 ${method} gave no answer in ${answerTimeoutMs} ms`)), answerTimeoutMs);
    try {
      const request: RequestInit & { duplex?: 'half' } = { method, headers, body: init.body as RequestInit['body'], signal: answered.signal };
      // A stream body needs half duplex in Node's fetch; Content-Length is set, so it is not chunked.
      if (init.body instanceof Readable) request.duplex = 'half';
      return await fetch(url, request);
    } catch (err) {
      throw storageUnavailable(err);
    } finally {
      clearTimeout(timer);
    }
  }

  /** S3 answers errors as XML `<Error><Code>…`; the code goes to the log, never to the client. */
  async function failure(res: Response, operation: string): Promise<never> {
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    throw storageUnavailable(new Error(`S3 ${operation} answered ${res.status}${code ? ` ${code}` : ''}`));
  }

  async function put(key: string, body: Buffer | Readable, size: number, hash: string): Promise<void> {
    const res = await send('PUT', key, {
      body,
      payloadHash: hash,
      headers: { 'content-length': String(size), 'content-type': 'application/octet-stream' },
    });
    if (!res.ok) await failure(res, 'PUT');
    await res.arrayBuffer();
  }

  return {
    async read(key) {
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok || !res.body) return failure(res, 'GET');
      return { stream: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), size: Number(res.headers.get('content-length') ?? 0) };
    },
    async write(key, data) {
      const body = Buffer.from(data);
      await put(key, body, body.length, sha256Hex(body));
    },
    async writeStream(key, source, { maxBytes }) {
      // S3 wants Content-Length and the payload hash before the first byte: spool to a temporary
      // file (the limit applies while spooling), then PUT it signed. Nothing reaches the bucket
      // unless the whole file arrived within the limit.
      const dir = await mkdtemp(path.join(tmpdir(), 'upload-'));
      try {
        const spool = path.join(dir, randomUUID());
        const limit = new ByteLimit(maxBytes);
        const hash = createHash('sha256');
        const tap = new Transform({ transform: (chunk: Buffer, _e, done) => (hash.update(chunk), done(null, chunk)) });
        await pipeline(source, limit, tap, createWriteStream(spool));
        const size = limit.bytes;
        // Small files go as a buffer; larger ones stream from disk.
        const body = size <= 1024 * 1024 ? await readFile(spool) : createReadStream(spool);
        await put(key, body, size, hash.digest('hex'));
        return { size };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async exists(key) {
      const res = await send('HEAD', key);
      if (res.status === 404) return false;
      if (!res.ok) return failure(res, 'HEAD');
      return true;
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) await failure(res, 'DELETE');
      await res.arrayBuffer();
    },
  };
}
