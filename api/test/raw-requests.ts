import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { terminalStatuses } from 'shared/contract';
import { buildApp } from '../src/app';
import { testConfig, type AppConfig } from '../src/config';
import type { Db } from '../src/db';
import { authHeader, openTestDb, userIdByPhone } from './helpers';

/**
 * For a test file of raw requests: the app listening on loopback with its files in a folder of
 * their own and its info log captured in `lines` (emptied before each test). Call once at the
 * file's top level: it registers the set-up and clean-up; read the fields inside the tests.
 */
export function listeningLoggedApp(config: Partial<AppConfig> = {}) {
  const context = { app: undefined as unknown as FastifyInstance, db: undefined as unknown as Db, filesDir: '', lines: [] as string[] };
  let closeDb: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ db: context.db, close: closeDb } = await openTestDb());
    context.filesDir = await mkdtemp(path.join(tmpdir(), 'raw-requests-'));
    const logStream = { write: (l: string) => void context.lines.push(l) };
    context.app = await buildApp({ config: testConfig({ logLevel: 'info', filesDir: context.filesDir, ...config }), db: context.db, logStream });
    await context.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await context.app.close();
    await closeDb();
    await rm(context.filesDir, { recursive: true, force: true });
  });
  beforeEach(() => void context.lines.splice(0));
  return context;
}

/**
 * A request written by hand on a raw TCP socket, the way a dropped mobile link or a slow client
 * leaves it: the headers promise a body, only `sent` of it arrives. The test then stalls it or
 * cuts it (`socket.destroy()`); `closed` resolves when the server closes it, with what it answered.
 */
export interface RawRequest {
  socket: Socket;
  closed: Promise<{ answer: string }>;
}

export async function rawRequest(app: FastifyInstance, head: string, sent: Buffer | string): Promise<RawRequest> {
  const { port } = app.server.address() as AddressInfo;
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
  socket.on('error', () => {});
  const closed = new Promise<{ answer: string }>((resolve) => socket.once('close', () => resolve({ answer })));
  socket.write(head);
  socket.write(sent);
  return { socket, closed };
}

/** The head of a JSON request promising `length` bytes of body. */
export const jsonHead = (url: string, length: number) =>
  `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

const BOUNDARY = '----raw-request-boundary';
/** What ends the multipart body `cutUpload` starts, after its file's bytes. */
export const UPLOAD_END = `\r\n--${BOUNDARY}--\r\n`;

/**
 * A signed-in multipart upload of the customer 01 to one of his open applications
 * (`application/document/upload`): the head promising `length` bytes, and the fields with the
 * file part's start and `fileBytes` of a PNG.
 */
export async function cutUpload(db: Db, length: number, fileBytes: number): Promise<{ head: string; sent: Buffer }> {
  const userId = await userIdByPhone(db, '79990000001');
  const [row] = await db.query<{ id: number }>(
    `select a.id from applications a join profiles p on p.id = a.customer_profile_id
     where p.user_id = $1 and not (a.status = any($2)) order by a.id limit 1`,
    [userId, [...terminalStatuses]],
  );
  if (!row) throw new Error('customer 01 has no open application');
  const { authorization } = await authHeader(db, userId);
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(fileBytes - 16, 7)]);
  const sent = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${row.id}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
  ]);
  const head =
    'POST /api/application/document/upload HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
    `Authorization: ${authorization}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n`;
  return { head, sent };
}

/** The upload's partial files (`<key>.<uuid>.part`) in the local storage folder `filesDir`. */
export async function partFiles(filesDir: string): Promise<string[]> {
  const names = (await readdir(path.join(filesDir, 'applications')).catch(() => [])) as string[];
  return names.filter((name) => name.endsWith('.part'));
}

/** Waits until `check` holds, looking every 20 ms, for at most `ms`; answers whether it did. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The JSON lines of a captured log. */
export function logLines(lines: readonly string[]): Array<{ level: number; msg: string; [key: string]: unknown }> {
  return lines.flatMap((chunk) => chunk.split('\n').filter(Boolean).map((line) => JSON.parse(line)));
}
