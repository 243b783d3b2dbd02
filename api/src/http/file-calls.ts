import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallContract } from 'shared/contract';
import type { FloodLimiter, RequestCounts } from '../modules/auth/rate-limit/flood-limits';
import type { Caller } from '../policy/caller';
import { sendAttachment, type Download } from '../providers/storage/attachment';
import type { ReceiveOptions, UploadedFile } from '../providers/storage/upload';
import { answeredOnce, answerKeyOf } from './answer-replay';
import { requireCaller } from './caller';
import type { CallResult } from './register';

type BodyOf<C extends CallContract> = z.output<NonNullable<C['body']>>;

/** What `receive` passes on to `receiveFiles`: the fields' decision, and the flood limits' count of each file. */
export type UploadHooks = Required<Pick<ReceiveOptions, 'before' | 'beforeFile'>>;

export interface UploadCall<C extends CallContract, F extends UploadedFile | readonly UploadedFile[]> {
  /** Takes the files in (`receiveUpload` or `receiveFiles`) with the hooks: `before` on the fields first, `beforeFile` before each file. */
  receive: (request: FastifyRequest, hooks: UploadHooks) => Promise<F>;
  /** The decision on the fields, before a byte of a file is stored; a call that is itself limited (a message) counts itself here. */
  check: (caller: Caller, body: BodyOf<C>, counts: RequestCounts) => unknown;
  /**
   * Records the stored files; removing them when this fails is the service's (`keepingFiles`). A
   * call that adds nothing (a send again) gives its counts back.
   */
  handle: (caller: Caller, body: BodyOf<C>, files: F, counts: RequestCounts) => Promise<CallResult<unknown>>;
}

const bytesOf = (files: UploadedFile | readonly UploadedFile[]): number => ([] as UploadedFile[]).concat(files).reduce((sum, file) => sum + file.sizeBytes, 0);

/**
 * Uploads (multipart in) and downloads (bytes out) do not fit registerCall's JSON in and envelope
 * out, so they are plain routes that keep its order: the caller first (401 before any input is
 * read), then the contract's schemas, then the service. Every upload is under the uploader's flood
 * limits (`flood`): each file is counted before it is stored, every count of a call that fails
 * goes back, and the bytes of one that succeeded are counted after it.
 */
export function registerUploadCall<C extends CallContract, F extends UploadedFile | readonly UploadedFile[]>(
  app: FastifyInstance,
  call: C,
  options: { checkResponses?: boolean; flood: FloodLimiter },
  upload: UploadCall<C, F>,
): void {
  app.route({
    method: 'POST',
    url: `/api/${call.path}`,
    async handler(request, reply) {
      const caller = await requireCaller(request);
      // The same upload sent again (its answer lost) gets its first answer; its body is not read again.
      return answeredOnce(request, reply, answerKeyOf(request, call.path, caller.userId), async () => {
        const counts = options.flood.forUser(caller.userId);
        let body!: BodyOf<C>;
        const { files, result } = await counts.guard(async () => {
          const files = await upload.receive(request, {
            before: async (fields) => {
              body = (call.body ? call.body.parse(fields) : {}) as BodyOf<C>;
              await upload.check(caller, body, counts);
            },
            beforeFile: () => counts.file(),
          });
          return { files, result: await upload.handle(caller, body, files, counts) };
        });
        // The call is done and answered as such: a store that fails to count its bytes is logged, not the caller's error.
        await counts.stored(bytesOf(files)).catch((err: unknown) => request.log.warn({ err }, 'upload bytes not counted'));
        const data = options.checkResponses ? call.data.parse(result.data) : result.data;
        return result.message === undefined ? { data } : { data, message: result.message };
      });
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
