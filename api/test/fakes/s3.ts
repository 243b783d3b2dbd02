import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listenOnLoopback } from './loopback';

/**
 * A stand-in for an S3-compatible endpoint on 127.0.0.1: path-style PUT, GET, HEAD and DELETE
 * of objects, answering errors as S3's XML. It checks every request's SigV4 signature itself
 * (its own canonicalisation, written from the S3 docs, not the client's signer), so a client
 * that signs wrongly is refused with 403 SignatureDoesNotMatch as S3 would refuse it.
 */

export interface SignedRequest {
  method: string;
  /** The raw request target as it arrived (path already percent-encoded, query included). */
  target: string;
  headers: IncomingHttpHeaders;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The signature S3 would compute for `req` with `secret`, or an error code when the header is malformed. */
export function expectedSignature(req: SignedRequest, secret: string): { signature: string; given: string } | { error: string } {
  const auth = String(req.headers.authorization ?? '');
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return { error: 'AuthorizationHeaderMalformed' };
  const [, , date, region, signedHeaders, given] = m as unknown as [string, string, string, string, string, string];
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date)) return { error: 'AuthorizationHeaderMalformed' };
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return { error: 'AccessDenied' };
  const [path, query = ''] = req.target.split('?') as [string, string?];
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((p) => p.split('=').map((s) => encode(decodeURIComponent(s))))
    .map(([k, v = '']) => `${k}=${v}`)
    .sort()
    .join('&');
  const headerLines = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const payload = String(req.headers['x-amz-content-sha256'] ?? '');
  const canonical = `${req.method}\n${path}\n${canonicalQuery}\n${headerLines}\n${signedHeaders}\n${payload}`;
  const scope = `${date}/${region}/s3/aws4_request`;
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
  const signature = hmac(key, `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${sha256(canonical)}`).toString('hex');
  return { signature, given };
}

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  objects: Map<string, Buffer>;
  requests: Array<{ method: string; target: string; headers: IncomingHttpHeaders; status: number }>;
  failWith(status: number | null): void;
  close(): Promise<void>;
}

export async function startFakeS3({ bucket = 'marketplace', accessKey = 'test-access', secretKey = 'test-secret-key' } = {}): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const requests: FakeS3['requests'] = [];
  let failure: number | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? '';
      const target = req.url ?? '/';
      const send = (status: number, code?: string, headers: Record<string, string> = {}, payload?: Buffer) => {
        requests.push({ method, target, headers: req.headers, status });
        const xml = code ? `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>` : '';
        const out = payload ?? Buffer.from(method === 'HEAD' ? '' : xml);
        res.writeHead(status, { ...(code ? { 'content-type': 'application/xml' } : {}), 'content-length': String(payload?.length ?? out.length), ...headers });
        res.end(method === 'HEAD' ? undefined : out);
      };
      if (failure !== null) return send(failure, 'InternalError');
      const check = expectedSignature({ method, target, headers: req.headers }, secretKey);
      if ('error' in check) return send(403, check.error);
      const credential = /Credential=([^/]+)\//.exec(String(req.headers.authorization))?.[1];
      if (credential !== accessKey) return send(403, 'InvalidAccessKeyId');
      if (!timingSafeEqual(Buffer.from(check.signature), Buffer.from(check.given))) return send(403, 'SignatureDoesNotMatch');
      const declared = req.headers['x-amz-content-sha256'];
      if (declared !== 'UNSIGNED-PAYLOAD' && declared !== sha256(body)) return send(400, 'XAmzContentSHA256Mismatch');
      const [, b, ...rest] = target.split('?')[0]!.split('/');
      if (b !== bucket) return send(404, 'NoSuchBucket');
      const key = decodeURIComponent(rest.join('/'));
      if (!key) return send(400, 'InvalidRequest');
      if (method === 'PUT') {
        // S3 refuses uploads without a length (chunked transfer needs aws-chunked signing).
        if (req.headers['content-length'] === undefined) return send(411, 'MissingContentLength');
        objects.set(key, body);
        return send(200, undefined, { etag: `"${createHash('md5').update(body).digest('hex')}"` }, Buffer.alloc(0));
      }
      const object = objects.get(key);
      if (method === 'GET' || method === 'HEAD') {
        if (!object) return send(404, 'NoSuchKey');
        return send(200, undefined, { 'content-type': 'application/octet-stream', 'content-length': String(object.length) }, object);
      }
      if (method === 'DELETE') {
        objects.delete(key);
        return send(204, undefined, {}, Buffer.alloc(0));
      }
      return send(405, 'MethodNotAllowed');
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    endpoint: listening.url,
    bucket,
    accessKey,
    secretKey,
    objects,
    requests,
    failWith: (status) => void (failure = status),
    close: listening.close,
  };
}
