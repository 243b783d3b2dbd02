import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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

describe('local file storage, a key that leads out of its folder (QA Z-18)', () => {
  let parent: string;
  let root: string;
  beforeEach(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'storage-local-outside-'));
    root = path.join(parent, 'files');
    await mkdir(root);
    // A file next to the files folder, where 'a/../../x' leads.
    await writeFile(path.join(parent, 'x'), 'чужой');
  });
  afterEach(() => rm(parent, { recursive: true, force: true }));

  /** The storage with the key rule (assertStorageKey) switched off, or as it is: its resolved-path check holds on its own. */
  const storageOf = (keyRule: 'on' | 'off'): FileStorage => {
    if (keyRule === 'on') return localFileStorage(root);
    let isolated: typeof localFileStorage | undefined;
    jest.isolateModules(() => {
      jest.doMock('../src/providers/storage/types', () => ({ ...jest.requireActual('../src/providers/storage/types'), assertStorageKey: () => {} }));
      ({ localFileStorage: isolated } = jest.requireActual('../src/providers/storage/local'));
    });
    jest.dontMock('../src/providers/storage/types');
    return isolated!(root);
  };

  it.each([['on'], ['off']] as const)('is refused by read, write and delete, and nothing outside is read, written or removed (key rule %s)', async (keyRule) => {
    const storage = storageOf(keyRule);
    for (const key of ['a/../../x', 'a/../../y']) {
      await expect(storage.read(key)).rejects.toThrow('invalid storage key');
      await expect(storage.exists(key)).rejects.toThrow('invalid storage key');
      await expect(storage.write(key, 'x')).rejects.toThrow('invalid storage key');
      await expect(storage.writeStream(key, Readable.from(['x']), { maxBytes: 10 })).rejects.toThrow('invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('invalid storage key');
    }
    expect((await readdir(parent)).sort()).toEqual(['files', 'x']);
    expect(await readFile(path.join(parent, 'x'), 'utf8')).toBe('чужой');
    expect(await readdir(root)).toEqual([]);
    // Switched off, the rule really is off: a key with '..' that stays inside the folder is written.
    if (keyRule === 'off') {
      await storage.write('a/../b', 'свой');
      expect(await readdir(root)).toEqual(['b']);
    } else await expect(storage.write('a/../b', 'свой')).rejects.toThrow('invalid storage key');
  });
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
