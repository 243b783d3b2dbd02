import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MESSAGE_MAX_FILES,
  messageCreate,
  messageDocumentDownload,
  messageGetCollection,
  messageRead,
  MESSAGING_MESSAGES,
  messagingGetCollection,
} from 'shared/contract';
import { callerRoutes } from '../../http/caller';
import { AppError } from '../../http/errors';
import { registerDownloadCall, registerUploadCall, type UploadHooks } from '../../http/file-calls';
import type { FileStorage } from '../../providers/storage';
import { receiveFiles, type UploadedFile, type UploadFields } from '../../providers/storage/upload';
import type { FloodLimiter } from '../auth/rate-limit/flood-limits';
import { messagingService } from './service';

export interface MessagingRouteOptions {
  checkResponses: boolean;
  storage: FileStorage;
  now: () => Date;
  flood: FloodLimiter;
}

export const MESSAGE_BODY_MESSAGE = 'Отправьте сообщение как JSON или multipart/form-data';

const isJson = (request: FastifyRequest) => /^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '');

/**
 * Messaging (ARCHITECTURE §8 "Messaging"). `message/create` is the upload call of
 * `profile/facility/create`, and takes the same fields as JSON too: a JSON body goes through the
 * same checks and the same service function, with no files.
 */
export async function messagingRoutes(app: FastifyInstance, opts: MessagingRouteOptions) {
  const messaging = messagingService({ db: app.db, storage: opts.storage, io: app.io, now: opts.now, log: app.log });
  const route = callerRoutes(app, opts);

  route(messagingGetCollection, async (caller, { query }) => ({ data: await messaging.list(caller, query) }));
  route(messageGetCollection, async (caller, { query: { messagingId, ...filter } }) => ({ data: await messaging.thread(caller, messagingId, filter) }));
  route(messageRead, (caller, { body }) => messaging.read(caller, body.messagingId));

  const receive = async (request: FastifyRequest, hooks: UploadHooks): Promise<UploadedFile[]> => {
    if (request.isMultipart()) {
      return receiveFiles(request, opts.storage, { prefix: 'messages', maxFiles: MESSAGE_MAX_FILES, tooManyFilesMessage: MESSAGING_MESSAGES.tooManyFiles, ...hooks });
    }
    if (!isJson(request)) throw new AppError(415, 'unsupported_media_type', MESSAGE_BODY_MESSAGE);
    await hooks.before((request.body ?? {}) as UploadFields);
    return [];
  };
  registerUploadCall(app, messageCreate, opts, {
    receive,
    // The message is counted once it may be sent, before any of its files is stored.
    check: async (caller, body, counts) => {
      await messaging.checkCreate(caller, body);
      await counts.message();
    },
    handle: (caller, body, files, counts) => messaging.create(caller, body, files, counts),
  });
  registerDownloadCall(app, messageDocumentDownload, (caller, id) => messaging.download(caller, id));
}
