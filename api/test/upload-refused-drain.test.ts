import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import { openTestDb } from './helpers';
import { cutUpload, eventually, rawRequest, UPLOAD_END } from './raw-requests';

/**
 * A file refused by a flood limit before a byte of it is stored (QA OO-8): the 429 is answered
 * while the client is still sending the file, so the rest of the body is drained. The connection
 * then carries the whole upload and the answer, and the next request on it is answered too,
 * instead of a reset or a hang behind bytes nobody reads.
 */
let db: Db;
let closeDb: () => Promise<void>;
let app: FastifyInstance;
let filesDir: string;
beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
  filesDir = await mkdtemp(path.join(tmpdir(), 'upload-refused-drain-'));
  app = await buildApp({ config: testConfig({ filesDir }), db, logger: false, auth: { limits: { uploadFilesPerHour: { max: 0, windowSeconds: 3600 } } } });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await closeDb();
  await rm(filesDir, { recursive: true, force: true });
});

it('a 5 MB file refused by the files-an-hour limit is read to its end: the 429 arrives and the connection carries the next request', async () => {
  const fileBytes = 5 * 1024 * 1024;
  const probe = await cutUpload(db, 0, fileBytes);
  const { head, sent } = await cutUpload(db, probe.sent.length + UPLOAD_END.length, fileBytes);
  const request = await rawRequest(app, head, sent);
  let written = false;
  request.socket.write(UPLOAD_END, () => (written = true));
  let answered = '';
  /** The answers' status lines read so far (an answer's body is JSON, with no line of its own). */
  const answers = () => (answered.match(/HTTP\/1\.1 \d{3} /g) ?? []).length;
  request.socket.on('data', (chunk: Buffer) => (answered += chunk.toString('utf8')));
  try {
    expect(await eventually(() => answers() >= 1, 10_000)).toBe(true);
    expect(answered).toMatch(/^HTTP\/1\.1 429 /);
    expect(answered).toContain('"code":"too_many_requests"');
    // The whole upload was read: none of it waits in the socket's buffers.
    expect(await eventually(() => written, 10_000)).toBe(true);
    request.socket.write('GET /api/service/get-collection HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await eventually(() => answers() >= 2, 10_000)).toBe(true);
    expect(answered).toMatch(/\}HTTP\/1\.1 200 OK\r\n/);
  } finally {
    request.socket.destroy();
  }
});
