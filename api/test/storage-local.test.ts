import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createFileStorage, localFileStorage, MAX_FILE_BYTES, type FileStorage } from '../src/providers/storage';
import { testConfig } from '../src/config';

const text = async (storage: FileStorage, key: string) => {
  const file = await storage.read(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const c of file.stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

describe('local file storage', () => {
  let root: string;
  let storage: FileStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'storage-local-'));
    storage = localFileStorage(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('writes, reads with its size, tells existence and deletes', async () => {
    await storage.write('a/b.txt', 'привет');
    expect(await storage.exists('a/b.txt')).toBe(true);
    expect((await storage.read('a/b.txt'))?.size).toBe(Buffer.byteLength('привет'));
    expect(await text(storage, 'a/b.txt')).toBe('привет');
    await storage.delete('a/b.txt');
    expect(await storage.exists('a/b.txt')).toBe(false);
    expect(await storage.read('a/b.txt')).toBeNull();
    await expect(storage.delete('a/b.txt')).resolves.toBeUndefined();
  });

  it('streams a file in and leaves nothing behind when it passes the limit', async () => {
    await expect(storage.writeStream('s/ok', Readable.from([Buffer.from('12345')]), { maxBytes: 5 })).resolves.toEqual({ size: 5 });
    expect(await text(storage, 's/ok')).toBe('12345');
    await expect(storage.writeStream('s/big', Readable.from([Buffer.from('1234'), Buffer.from('56')]), { maxBytes: 5 })).rejects.toMatchObject({
      statusCode: 413,
      message: 'Файл больше 20 МБ — сожмите его или разделите на части',
    });
    expect(await storage.exists('s/big')).toBe(false);
    expect(await readdir(path.join(root, 's'))).toEqual(['ok']);
  });

  it.each(['../outside', '../../etc/passwd', '/etc/passwd', 'a/../../b', 'a\\..\\b', '', 'a//b', 'a/./b', 'a\u0000b'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.read(key)).rejects.toThrow('invalid storage key');
      await expect(storage.write(key, 'x')).rejects.toThrow('invalid storage key');
      await expect(storage.writeStream(key, Readable.from(['x']), { maxBytes: 10 })).rejects.toThrow('invalid storage key');
      await expect(storage.exists(key)).rejects.toThrow('invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('invalid storage key');
    },
  );
});

describe('createFileStorage', () => {
  const s3 = { s3Endpoint: 'http://127.0.0.1:9', s3Bucket: 'b', s3AccessKey: 'k', s3SecretKey: 's' };

  it('is the local folder without S3 settings and S3 with all of them', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'storage-choice-'));
    try {
      await createFileStorage(testConfig({ filesDir: root })).write('x', 'local');
      expect(await readdir(root)).toEqual(['x']);
      // Port 9 refuses connections: reaching it proves the S3 client was chosen.
      await expect(createFileStorage(testConfig({ filesDir: root, ...s3 })).exists('x')).rejects.toMatchObject({ statusCode: 502 });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('refuses to start with S3 half configured', () => {
    expect(() => createFileStorage(testConfig({ ...s3, s3SecretKey: undefined }))).toThrow('missing S3_SECRET_KEY');
  });

  it('limits files to 20 MB', () => expect(MAX_FILE_BYTES).toBe(20 * 1024 * 1024));
});
