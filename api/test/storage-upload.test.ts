import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { errorHandlerPlugin } from '../src/plugins/error-handler';
import { localFileStorage, MAX_FILE_BYTES, type FileStorage } from '../src/providers/storage';
import { sendAttachment } from '../src/providers/storage/attachment';
import { receiveFiles, receiveUpload } from '../src/providers/storage/upload';
import { samples } from './fixtures/file-samples';

const BOUNDARY = '----storage-test-boundary';

/** A multipart body with one part, streamed: the file's bytes come from `file` chunk by chunk. */
function multipartBody(filename: string, file: Iterable<Buffer>, field = 'file'): Readable {
  return Readable.from(
    (function* () {
      yield Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      );
      yield* file;
      yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    })(),
  );
}

/** A tiny app instead of the real one: the upload lifecycle routes come later (issue 9). */
async function uploadApp(storage: FileStorage): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin);
  await app.register(multipart);
  app.post('/upload', async (request) => ({ data: await receiveUpload(request, storage) }));
  // Files that may be left out (a facility's, a message's): up to three.
  app.post('/upload-many', async (request) => ({ data: await receiveFiles(request, storage, { maxFiles: 3 }) }));
  app.get('/download', async (request, reply) => {
    const { key, name, mime } = request.query as Record<string, string>;
    const file = await storage.read(key!);
    return sendAttachment(reply, file!, { name: name!, mime: mime! });
  });
  return app;
}

describe('receiving an upload', () => {
  let root: string;
  let app: FastifyInstance;
  const upload = (filename: string, file: Iterable<Buffer>, field?: string) =>
    app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipartBody(filename, file, field),
    });
  const stored = async () => (await readdir(path.join(root, 'uploads')).catch(() => [])) as string[];

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'storage-upload-'));
    app = await uploadApp(localFileStorage(root));
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it('stores the file under a random key with its detected type, clean name, size and SHA-256, and serves it back as an attachment', async () => {
    const res = await upload('../../Договор\u202E.pdf', [samples.docx]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      key: expect.stringMatching(/^uploads\/[0-9a-f-]{36}$/),
      name: 'Договор.pdf.docx',
      ext: 'docx',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      sizeBytes: samples.docx.length,
      sha256: createHash('sha256').update(samples.docx).digest('hex'),
    });
    const download = await app.inject({ method: 'GET', url: '/download', query: { key: data.key, name: data.name, mime: data.mime } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(samples.docx)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': data.mime,
      'content-disposition': "attachment; filename*=UTF-8''%D0%94%D0%BE%D0%B3%D0%BE%D0%B2%D0%BE%D1%80.pdf.docx",
      'x-content-type-options': 'nosniff',
    });
  });

  it.each([
    ['a renamed executable', 'contract.pdf', [Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096)])]],
    ['a zip without Office entries', 'report.docx', [Buffer.from('504b0304', 'hex'), Buffer.alloc(100)]],
  ])('refuses %s with 415 and keeps nothing', async (_name, filename, chunks) => {
    const before = await stored();
    const res = await upload(filename as string, chunks as Buffer[]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'file_type_refused', message: 'Недопустимый тип файла: допустимы PDF, DOC, DOCX, XLS, XLSX, ODT, JPG, PNG' });
    expect(await stored()).toEqual(before);
  });

  // An empty file has no type to refuse: it used to get the 415 above, which sent the sender
  // looking for a format problem. It is told what the browser's own check tells (422).
  it('refuses an empty file with 422 «Файл пустой» and keeps nothing', async () => {
    const before = await stored();
    const res = await upload('empty.pdf', []);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'file_empty', message: 'Файл пустой', errors: { file: 'Файл пустой' } });
    expect(await stored()).toEqual(before);
  });

  it('accepts exactly 20 MB and refuses 20 MB + 1 byte with 413, streamed in chunks, keeping nothing', async () => {
    const chunk = Buffer.alloc(64 * 1024);
    const pdfOf = function* (size: number) {
      yield samples.pdf;
      let left = size - samples.pdf.length;
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        yield chunk.subarray(0, n);
        left -= n;
      }
    };
    const ok = await upload('big.pdf', pdfOf(MAX_FILE_BYTES));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.sizeBytes).toBe(MAX_FILE_BYTES);
    const before = await stored();
    const res = await upload('big.pdf', pdfOf(MAX_FILE_BYTES + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'file_too_large', message: 'Файл больше 20 МБ — сожмите его или разделите на части' });
    expect(await stored()).toEqual(before);
    expect((await readdir(path.join(root, 'uploads'))).some((f) => f.endsWith('.part'))).toBe(false);
  });

  /** Parts as a browser's form sends them: `[filename, bytes]`, each in field `file`. */
  const uploadParts = (url: string, parts: Array<[string, Buffer]>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Buffer.concat([
        ...parts.flatMap(([filename, bytes]) => [
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
          bytes,
          Buffer.from('\r\n'),
        ]),
        Buffer.from(`--${BOUNDARY}--\r\n`),
      ]),
    });

  // A file input left empty: browsers send it as `filename=""` without bytes. It is no file.
  it('takes a nameless part without bytes (an empty file input) for no file: «Прикрепите файл» where one is required', async () => {
    const before = await stored();
    const res = await uploadParts('/upload', [['', Buffer.alloc(0)]]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { file: 'Прикрепите файл' } });
    const optional = await uploadParts('/upload-many', [['', Buffer.alloc(0)], ['смета.pdf', samples.pdf]]);
    expect(optional.statusCode).toBe(200);
    expect(optional.json().data.map((f: { name: string }) => f.name)).toEqual(['смета.pdf']);
    expect((await stored()).length).toBe(before.length + 1);
  });

  // Its bytes were once dropped without a word: a script's nameless file was «no file».
  it('takes a nameless part with bytes for a file, named by its type', async () => {
    const res = await uploadParts('/upload', [['', samples.pdf]]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'файл.pdf', ext: 'pdf', sizeBytes: samples.pdf.length });
    const many = await uploadParts('/upload-many', [['', samples.png], ['', Buffer.alloc(0)], ['акт.pdf', samples.pdf]]);
    expect(many.statusCode).toBe(200);
    expect(many.json().data.map((f: { name: string }) => f.name)).toEqual(['файл.png', 'акт.pdf']);
    const junk = await uploadParts('/upload', [['', Buffer.from('not a document at all')]]);
    expect(junk.statusCode).toBe(415);
  });

  it('answers 422 without a file field and 415 for a request that is not multipart', async () => {
    const noFile = await upload('a.pdf', [samples.pdf], 'attachment');
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json()).toMatchObject({ code: 'validation', errors: { file: 'Прикрепите файл' } });
    const json = await app.inject({ method: 'POST', url: '/upload', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });
});
