import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallContract } from 'shared/contract';
import type { Caller } from '../policy/caller';
import { sendAttachment, type Download } from '../providers/storage/attachment';
import type { UploadFields } from '../providers/storage/upload';
import { requireCaller } from './caller';
import type { CallResult } from './register';

type BodyOf<C extends CallContract> = z.output<NonNullable<C['body']>>;

export interface UploadCall<C extends CallContract, F> {
  /** Takes the files in (`receiveUpload` or `receiveFiles`), running `before` on the fields first. */
  receive: (request: FastifyRequest, before: (fields: UploadFields) => Promise<void>) => Promise<F>;
  /** The decision on the fields, before a byte of a file is stored. */
  check: (caller: Caller, body: BodyOf<C>) => unknown;
  /** Records the stored files; removing them when this fails is the service's (`keepingFiles`). */
  handle: (caller: Caller, body: BodyOf<C>, files: F) => Promise<CallResult<unknown>>;
}

/**
 * Uploads (multipart in) and downloads (bytes out) do not fit registerCall's JSON in and envelope
 * out, so they are plain routes that keep its order: the caller first (401 before any input is
 * read), then the contract's schemas, then the service.
 */
export function registerUploadCall<C extends CallContract, F>(app: FastifyInstance, call: C, options: { checkResponses?: boolean }, upload: UploadCall<C, F>): void {
  app.route({
    method: 'POST',
    url: `/api/${call.path}`,
    async handler(request) {
      const caller = await requireCaller(request);
      let body!: BodyOf<C>;
      const files = await upload.receive(request, async (fields) => {
        body = (call.body ? call.body.parse(fields) : {}) as BodyOf<C>;
        await upload.check(caller, body);
      });
      const result = await upload.handle(caller, body, files);
      const data = options.checkResponses ? call.data.parse(result.data) : result.data;
      return result.message === undefined ? { data } : { data, message: result.message };
    },
  });
}

/** A download by `?id=`: the caller's right to the file is `read`'s to decide. */
export function registerDownloadCall(app: FastifyInstance, call: CallContract, read: (caller: Caller, id: number) => Promise<Download>): void {
  app.route({
    method: 'GET',
    url: `/api/${call.path}`,
    async handler(request, reply) {
      const caller = await requireCaller(request);
      const { id } = call.query!.parse(request.query ?? {}) as { id: number };
      const { file, name, mime } = await read(caller, id);
      return sendAttachment(reply, file, { name, mime });
    },
  });
}
