import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredFile {
  stream: Readable;
  size: number;
}

/** Where document bytes live. Local files for now; an S3 implementation keeps this shape. */
export interface FileStorage {
  /** The file under `key`, or null when there is none. */
  read(key: string): Promise<StoredFile | null>;
  write(key: string, data: Uint8Array | string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Files under `root` (config.filesDir) by storage key. */
export function localFileStorage(root: string): FileStorage {
  const base = path.resolve(root);
  // Keys come from the database, but a key must never reach outside the files folder.
  const fileOf = (key: string) => {
    const file = path.resolve(base, key);
    if (!key || path.isAbsolute(key) || !file.startsWith(base + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return file;
  };
  const statOf = async (key: string) => {
    try {
      const s = await stat(fileOf(key));
      return s.isFile() ? s : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };
  return {
    async read(key) {
      const s = await statOf(key);
      return s ? { stream: createReadStream(fileOf(key)), size: s.size } : null;
    },
    async write(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async exists(key) {
      return (await statOf(key)) !== null;
    },
  };
}
