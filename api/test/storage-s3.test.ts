import { createServer, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { s3FileStorage, type FileStorage } from '../src/providers/storage';
import { EMPTY_SHA256, signRequest } from '../src/providers/storage/sigv4';
import { expectedSignature, startFakeS3, type FakeS3 } from './fakes/s3';

// AWS's published example "GET Object" (S3 API reference, "Signature Calculations for the
// Authorization Header: Transferring Payload in a Single Chunk"): a ranged GET of test.txt.
const aws = {
  accessKey: 'AKIAIOSFODNN7EXAMPLE',
  secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  signature: 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
};

describe('SigV4 against the AWS test vector', () => {
  const headers = signRequest({
    method: 'GET',
    url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
    headers: { Range: 'bytes=0-9' },
    payloadHash: EMPTY_SHA256,
    accessKey: aws.accessKey,
    secretKey: aws.secretKey,
    region: 'us-east-1',
    now: new Date('2013-05-24T00:00:00Z'),
  });

  it('the client signer reproduces the published Authorization header', () => {
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        `SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=${aws.signature}`,
    );
  });

  it("the fake server's verifier computes the same published signature", () => {
    const request = {
      method: 'GET',
      target: '/test.txt',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': EMPTY_SHA256,
        'x-amz-date': '20130524T000000Z',
        authorization: `AWS4-HMAC-SHA256 Credential=${aws.accessKey}/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=${aws.signature}`,
      },
    };
    expect(expectedSignature(request, aws.secretKey)).toEqual({ signature: aws.signature, given: aws.signature });
  });
});

const read = async (storage: FileStorage, key: string) => {
  const file = await storage.read(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const c of file.stream) chunks.push(c as Buffer);
  return { size: file.size, body: Buffer.concat(chunks) };
};

describe('S3 file storage against a local fake S3', () => {
  let fake: FakeS3;
  let storage: FileStorage;
  beforeAll(async () => {
    fake = await startFakeS3();
    storage = s3FileStorage({ endpoint: fake.endpoint, bucket: fake.bucket, accessKey: fake.accessKey, secretKey: fake.secretKey });
  });
  afterAll(() => fake.close());
  afterEach(() => fake.failWith(null));

  it('puts, gets (streamed, with size), heads and deletes an object, each request signed', async () => {
    const key = 'uploads/привет мир (1).txt';
    await storage.write(key, 'содержимое');
    expect(fake.objects.get(key)?.toString('utf8')).toBe('содержимое');
    expect(await storage.exists(key)).toBe(true);
    const got = await read(storage, key);
    expect(got?.body.toString('utf8')).toBe('содержимое');
    expect(got?.size).toBe(Buffer.byteLength('содержимое'));
    await storage.delete(key);
    expect(fake.objects.has(key)).toBe(false);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.read(key)).toBeNull();
    expect(fake.requests.every((r) => r.status < 300 || r.status === 404)).toBe(true);
    expect(fake.requests.map((r) => r.method)).toEqual(['PUT', 'HEAD', 'GET', 'DELETE', 'HEAD', 'GET']);
  });

  it('streams a larger file with its length and hash, and stores nothing past the limit', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 0x61);
    await expect(storage.writeStream('uploads/big', Readable.from([big.subarray(0, 1000), big.subarray(1000)]), { maxBytes: big.length })).resolves.toEqual({
      size: big.length,
    });
    expect(fake.objects.get('uploads/big')?.equals(big)).toBe(true);
    await expect(storage.writeStream('uploads/too-big', Readable.from([big]), { maxBytes: big.length - 1 })).rejects.toMatchObject({ statusCode: 413 });
    expect(fake.objects.has('uploads/too-big')).toBe(false);
    expect(fake.requests.some((r) => r.target.includes('too-big'))).toBe(false);
  });

  it('a wrong secret is refused by the server as SignatureDoesNotMatch and surfaces as a Russian 502', async () => {
    const wrong = s3FileStorage({ endpoint: fake.endpoint, bucket: fake.bucket, accessKey: fake.accessKey, secretKey: 'not-the-secret' });
    const failure = wrong.write('uploads/x', 'x');
    await expect(failure).rejects.toMatchObject({ statusCode: 502, code: 'storage_unavailable', message: 'Хранилище файлов временно недоступно' });
    await expect(failure).rejects.toMatchObject({ cause: expect.objectContaining({ message: 'S3 PUT answered 403 SignatureDoesNotMatch' }) });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', status: 403 });
    expect(fake.objects.has('uploads/x')).toBe(false);
  });

  it('an outage or an unreachable endpoint is a 502 too', async () => {
    fake.failWith(500);
    await expect(storage.read('uploads/a')).rejects.toMatchObject({ statusCode: 502 });
    await expect(storage.exists('uploads/a')).rejects.toMatchObject({ statusCode: 502 });
    const down = s3FileStorage({ endpoint: 'http://127.0.0.1:9', bucket: 'b', accessKey: 'a', secretKey: 's' });
    await expect(down.write('k', 'x')).rejects.toMatchObject({ statusCode: 502 });
  });

  it('a bucket that takes the request and never answers is a 502 after the answer timeout, not a request held for minutes (QA Y-3)', async () => {
    const held: Socket[] = [];
    const silent = createServer((socket) => void held.push(socket.on('data', () => {})));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const hung = s3FileStorage({ endpoint: `http://127.0.0.1:${port}`, bucket: 'b', accessKey: 'a', secretKey: 's', answerTimeoutMs: 200 });
    try {
      await expect(hung.exists('uploads/a')).rejects.toMatchObject({ statusCode: 502, message: 'Хранилище файлов временно недоступно' });
      await expect(hung.write('uploads/a', 'x')).rejects.toMatchObject({ statusCode: 502 });
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('refuses keys that could address another object', async () => {
    await expect(storage.read('../other-bucket/x')).rejects.toThrow('invalid storage key');
    await expect(storage.delete('/x')).rejects.toThrow('invalid storage key');
  });
});
