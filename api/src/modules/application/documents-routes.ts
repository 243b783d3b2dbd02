import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  applicationContractDelete,
  applicationContractDownload,
  applicationContractSendSms,
  applicationContractSign,
  applicationContractUpload,
  applicationDocumentDelete,
  applicationDocumentDownload,
  applicationDocumentUpload,
  applicationReportDelete,
  applicationReportDownload,
  applicationReportSendSms,
  applicationReportSign,
  applicationReportUpload,
  type CallContract,
} from 'shared/contract';
import { registerCall, type CallHandler, type CallResult } from '../../http/register';
import { unauthorized } from '../../plugins/auth';
import { callerOf, type Caller } from '../../policy/caller';
import type { FileStorage } from '../../providers/storage';
import { sendAttachment } from '../../providers/storage/attachment';
import { receiveUpload, type UploadedFile } from '../../providers/storage/upload';
import type { Download, DocumentsService, SignedSegment } from './documents-service';

export interface DocumentRouteOptions {
  checkResponses: boolean;
  documents: DocumentsService;
  storage: FileStorage;
}

type BodyOf<C extends CallContract> = z.output<NonNullable<C['body']>>;

/**
 * The document calls of ARCHITECTURE §8. Uploads (multipart) and downloads (bytes) do not fit
 * registerCall's JSON in and envelope out, so they are plain routes that keep its order: the
 * caller first (401 before any input is read), then the contract's schemas, then the service.
 */
export async function applicationDocumentRoutes(app: FastifyInstance, { checkResponses, documents, storage }: DocumentRouteOptions) {
  async function callerFor(request: FastifyRequest): Promise<Caller> {
    const user = await app.authenticate(request);
    const caller = user ? await callerOf(request, app.db, user) : null;
    if (!caller) throw unauthorized();
    return caller;
  }

  const route = <C extends CallContract>(call: C, handler: (caller: Caller, ctx: Parameters<CallHandler<C>>[0]) => ReturnType<CallHandler<C>>) =>
    registerCall(app, call, async (ctx) => handler(await callerFor(ctx.request), ctx), { checkResponses });

  /** `check` runs on the fields before the file is stored; `handle` records the stored file. */
  function upload<C extends CallContract>(
    call: C,
    check: (caller: Caller, body: BodyOf<C>) => Promise<unknown>,
    handle: (caller: Caller, body: BodyOf<C>, file: UploadedFile) => Promise<CallResult<unknown>>,
  ) {
    app.route({
      method: 'POST',
      url: `/api/${call.path}`,
      async handler(request) {
        const caller = await callerFor(request);
        let body!: BodyOf<C>;
        const file = await receiveUpload(request, storage, {
          prefix: 'applications',
          before: async (fields) => {
            body = call.body!.parse(fields) as BodyOf<C>;
            await check(caller, body);
          },
        });
        const result = await handle(caller, body, file);
        const data = checkResponses ? call.data.parse(result.data) : result.data;
        return result.message === undefined ? { data } : { data, message: result.message };
      },
    });
  }

  function download(call: CallContract, read: (caller: Caller, id: number) => Promise<Download>) {
    app.route({
      method: 'GET',
      url: `/api/${call.path}`,
      async handler(request, reply) {
        const caller = await callerFor(request);
        const { id } = call.query!.parse(request.query ?? {}) as { id: number };
        const { file, name, mime } = await read(caller, id);
        return sendAttachment(reply, file, { name, mime });
      },
    });
  }

  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

  const signed = [
    ['contract', { upload: applicationContractUpload, remove: applicationContractDelete, sendSms: applicationContractSendSms, sign: applicationContractSign, download: applicationContractDownload }],
    ['document-report', { upload: applicationReportUpload, remove: applicationReportDelete, sendSms: applicationReportSendSms, sign: applicationReportSign, download: applicationReportDownload }],
  ] as const satisfies ReadonlyArray<readonly [SignedSegment, Record<string, CallContract>]>;

  for (const [segment, calls] of signed) {
    upload(
      calls.upload,
      (caller, body) => documents.mayUpload(caller, segment, body.id),
      (caller, body, file) => documents.upload(caller, segment, body.id, file),
    );
    route(calls.remove, (caller, { body }) => documents.remove(caller, segment, body.id));
    route(calls.sendSms, (caller, { body, request }) => documents.sendSms(caller, segment, body.id, request.ip));
    route(calls.sign, (caller, { body, request }) => documents.sign(caller, segment, body, client(request)));
    download(calls.download, (caller, id) => documents.download(caller, segment, id));
  }

  upload(
    applicationDocumentUpload,
    (caller, body) => documents.mayUploadOther(caller, body.id),
    (caller, body, file) => documents.uploadOther(caller, body.id, body.public, file),
  );
  route(applicationDocumentDelete, (caller, { body }) => documents.removeOther(caller, body.id));
  download(applicationDocumentDownload, (caller, id) => documents.downloadOther(caller, id));
}
