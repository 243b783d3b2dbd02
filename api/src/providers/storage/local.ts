import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ByteLimit } from './limit';
import { assertStorageKey, type FileStorage } from './types';

/** What an upload's file is called while it is written (the key's name, a random part, this). */
const PART_SUFFIX = '.part';

/** Files under `root` (config.filesDir) by storage key. */
export function localFileStorage(root: string): FileStorage {
  const base = path.resolve(root);
  // Keys come from the database, but a key must never reach outside the files folder:
  // the key rule and the resolved-path check each hold on their own.
  const fileOf = (key: string) => {
    assertStorageKey(key);
    const file = path.resolve(base, key);
    if (path.isAbsolute(key) || !file.startsWith(base + path.sep)) throw new Error(`invalid storage key: ${key}`);
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
    async writeStream(key, source, { maxBytes }) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // A partial file under the real key would be served by read(); the rename publishes it whole.
      const part = `${file}.${randomUUID()}${PART_SUFFIX}`;
      const limit = new ByteLimit(maxBytes);
      const out = createWriteStream(part, { flags: 'wx' });
      try {
        await pipeline(source, limit, out);
        await rename(part, file);
      } catch (err) {
        // A refusal in the first bytes can reject the pipeline while the file is still being
        // opened: wait for the stream to close, or the .part would appear after its removal.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(part, { force: true });
        throw err;
      }
      return { size: limit.bytes };
    },
    async exists(key) {
      return (await statOf(key)) !== null;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async sweepPartial(before) {
      let removed = 0;
      const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      });
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.endsWith(PART_SUFFIX)) continue;
        const file = path.join(entry.parentPath, entry.name);
        // An upload in flight writes its part as the bytes come: its time is now.
        const written = await stat(file).then((s) => s.mtime, () => null);
        if (written === null || written >= before) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
